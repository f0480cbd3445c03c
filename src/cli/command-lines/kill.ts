/** `hmux kill`'s command line (src/cli/commands/kill.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("kill")
    .description("end a session on the hmux server: hmux kill <name|id>")
    .argument("<session>", "the session's name, id, or a unique start of its id (see hmux ls)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/kill.js")).killAction));
}
