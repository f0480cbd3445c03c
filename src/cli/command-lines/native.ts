/** `hmux native`, `hmux shell` and `hmux --native <harness>`: their command lines (src/cli/commands/native.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

function withOptions(cmd: Command): Command {
  return cmd
    .option("--endpoint <url>", "point the harness at this model endpoint (isolated config below a temp dir)")
    .option("--scripted", "start hmux's embedded scripted model and use it as the endpoint")
    .option("--cwd <dir>", "working directory of the panes")
    .option("--model <id>", "model for the harness")
    .option("--shell", "add a shell pane beside the harnesses");
}

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  withOptions(program.command("native").argument("<harness...>", `${facts.nativeKinds.join(", ")} (one pane each)`))
    .description("open the TUI with harnesses' own interactive UIs in panes (Ctrl-] returns keys to hmux)")
    .action(runsIn(run, async () => (await import("../commands/native.js")).nativeAction));
  program
    .command("shell")
    .description("open the TUI with a shell pane ($SHELL); Ctrl-] returns keys to hmux")
    .option("--cwd <dir>", "working directory of the shell")
    .action(runsIn(run, async () => (await import("../commands/native.js")).shellAction));
  // `hmux --native <harness>`: bare `hmux` belongs to the tui command, so this runs as a
  // preAction hook on the root and ends the process when the native TUI closes.
  program.option("--native <harness>", "open <harness>'s own UI in a native pane (`hmux native --help` for options)");
  program.hook("preAction", async (_self, action) => {
    const native = program.opts<{ native?: string }>().native;
    if (action !== program || native === undefined) return;
    await (await import("../commands/native.js")).nativeFromRootAction(run, native);
  });
}
