/** `hmux resume`'s command line (src/cli/commands/resume.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("resume")
    .description("resume a detached or ended session on the hmux server: hmux resume <name|id>")
    .argument("<session>", "the session's name, id, or a unique start of its id (see hmux ls)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/resume.js")).resumeAction));
}
