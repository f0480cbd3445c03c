/** `hmux control`'s command line (src/cli/commands/control.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("control")
    .description("send metaharness.command/1 lines to a running session: hmux control <session> [file|-]")
    .argument("<session>", "the session id (see `hmux sessions`)")
    .argument("[source]", "a file of command lines, or - for stdin", "-")
    .action(runsIn(run, async () => (await import("../commands/control.js")).controlAction));
}
