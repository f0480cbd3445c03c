/** `hmux ls`'s command line (src/cli/commands/ls.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("ls")
    .description("list the sessions on the hmux server (starting it if needed); harness versions: hmux harnesses")
    .option("--json", "one JSON object per session")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/ls.js")).lsAction));
}
