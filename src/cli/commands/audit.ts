/**
 * `hmux audit [<session>] [--json] [--host …]`: every decision on a tool call, read from the
 * sessions' journals by the server — when, which call and input, the decision, and who or what
 * decided it (a person and the client they used, a rule and its text, the policy, the deadline,
 * a program). Without a session: every session the server lists.
 */
import type { Command } from "commander";
import type { CliContext, ProcessBasics } from "../context.js";
import { HOST_FLAGS, HOST_HELP, hostOf } from "../host-flag.js";
import { auditLines } from "../render/inbox-lines.js";
import { type Output, processOutput } from "../render/output.js";
import { withServerClient } from "../server-client.js";

export function registerDeferred(program: Command, context: () => Promise<CliContext>, basics: ProcessBasics): void {
  program
    .command("audit")
    .description("every decision on a tool call and who made it, from the journals: hmux audit [<session>]")
    .argument("[session]", "one session's name, id or unique start of its id (default: every session)")
    .option("--json", "one JSON object per decision")
    .option(HOST_FLAGS, HOST_HELP)
    .action(async (session: string | undefined, flags: { json?: boolean }, command: Command) => {
      process.exitCode = await auditCommand(session, flags, processOutput(), basics, context, hostOf(command));
    });
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
