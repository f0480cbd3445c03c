/**
 * `hmux audit [<session>] [--json] [--host …]`: every decision on a tool call, read from the
 * sessions' journals by the server — when, which call and input, the decision, and who or what
 * decided it (a person and the client they used, a rule and its text, the policy, the deadline,
 * a program). Without a session: every session the server lists.
 */

import type { Command } from "commander";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext, ProcessBasics } from "../context.js";
import { hostOf } from "../host-flag.js";
import { auditLines } from "../render/inbox-lines.js";
import { type Output, processOutput } from "../render/output.js";
import { withServerClient } from "../server-client.js";

export async function auditAction(
  run: CommandRuntime,
  session: string | undefined,
  flags: { json?: boolean },
  command: Command,
): Promise<void> {
  process.exitCode = await auditCommand(
    session,
    flags,
    processOutput(),
    await run.basics(),
    run.context,
    hostOf(command),
  );
}

export async function auditCommand(
  session: string | undefined,
  flags: { json?: boolean },
  output: Output,
  basics: ProcessBasics,
  context: () => Promise<CliContext>,
  host?: string,
): Promise<number> {
  return withServerClient("audit", { basics, context, host }, output, async (client) => {
    const { entries } = await client.request({ op: "audit", ...(session !== undefined ? { session } : {}) });
    if (flags.json) for (const e of entries) output.out(`${JSON.stringify(e)}\n`);
    else if (entries.length === 0) output.out("no decisions recorded\n");
    else for (const line of auditLines(entries)) output.out(`${line}\n`);
    return 0;
  });
}
