/** `hmux tui` and bare `hmux`: their command lines (src/cli/commands/tui.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  program
    .command("tui")
    .description("the multiplexer: harness sessions side by side, keyboard approvals (also `hmux` with no arguments)")
    .argument("[harness...]", `open a pane for each (${facts.processSessionHarnesses.join(", ")})`)
    .option("--theme <name>", "default, light, high-contrast, or a path to a theme JSON")
    .option("--cwd <path>", "working directory for new sessions")
    .option("--endpoint <url>", "an OpenAI/Anthropic-compatible http(s) endpoint for the panes")
    .option("--model <id>", "model for the panes")
    .option("--effort <level>", "effort for the panes")
    .option("--isolate", "give each harness its own HOME under a temp state dir")
    .option("--mouse", "the mouse wheel scrolls the pane under the pointer (config: ui.mouse)")
    .option(HOST_FLAGS, HOST_HELP)
    .action(runsIn(run, async () => (await import("../commands/tui.js")).tuiAction));
  // `hmux` alone opens the TUI; any other bare word is an unknown command, not an argument.
  // (An optional operand, not allowExcessArguments: that setting would be inherited by the
  // subcommands registered after this one.)
  program
    .argument("[command]")
    .usage("[options] [command]")
    .option(HOST_FLAGS, `${HOST_HELP}: hmux --host box opens the TUI there`)
    .action(runsIn(run, async () => (await import("../commands/tui.js")).bareHmuxAction));
}
