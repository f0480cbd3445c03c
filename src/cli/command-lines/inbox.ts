/** `hmux inbox`'s command line (src/cli/commands/inbox.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("inbox")
    .description("list every approval and question waiting across the server's sessions, oldest first")
    .option("--json", "one JSON object per waiting item")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/inbox.js")).inboxAction));
}
