/** `hmux audit`'s command line (src/cli/commands/audit.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("audit")
    .description("every decision on a tool call and who made it, from the journals: hmux audit [<session>]")
    .argument("[session]", "one session's name, id or unique start of its id (default: every session)")
    .option("--json", "one JSON object per decision")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/audit.js")).auditAction));
}
