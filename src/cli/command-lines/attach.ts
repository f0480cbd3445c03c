/** `hmux attach`'s command line (src/cli/commands/attach.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("attach")
    .description("reattach the TUI to the sessions on the hmux server (every one, or -t <session>)")
    .option("-t, --target <session>", "only this session: its name, id, or a unique start of its id (see hmux ls)")
    .option("--theme <name>", "default, light, high-contrast, or a path to a theme JSON")
    .option("--mouse", "the mouse wheel scrolls the pane under the pointer (config: ui.mouse)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/attach.js")).attachAction));
}
