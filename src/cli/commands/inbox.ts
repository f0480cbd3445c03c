/**
 * `hmux inbox [--json] [--host …]`: every approval and question waiting across the server's
 * sessions, oldest first — session, harness, call, tool, how long it waited, its deadline and
 * the command or path. The server builds the list (src/server/inbox.ts); this prints it.
 */

import type { Command } from "commander";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext, ProcessBasics } from "../context.js";
import { hostOf } from "../host-flag.js";
import { inboxLines } from "../render/inbox-lines.js";
import { type Output, processOutput } from "../render/output.js";
import { withServerClient } from "../server-client.js";

export async function inboxAction(run: CommandRuntime, flags: { json?: boolean }, command: Command): Promise<void> {
  process.exitCode = await inboxCommand(flags, processOutput(), await run.basics(), run.context, hostOf(command));
}

export async function inboxCommand(
  flags: { json?: boolean },
  output: Output,
  basics: ProcessBasics,
  context: () => Promise<CliContext>,
  host?: string,
): Promise<number> {
  return withServerClient("inbox", { basics, context, host }, output, async (client) => {
    const { items } = await client.request({ op: "inbox" });
    if (flags.json) for (const item of items) output.out(`${JSON.stringify(item)}\n`);
    else if (items.length === 0) output.out("nothing is waiting for you\n");
    else for (const line of inboxLines(items)) output.out(`${line}\n`);
    return 0;
  });
}
