/** `hmux demo`'s command line (src/cli/commands/demo.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

function countWord(n: number): string {
  return ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"][n] ?? String(n);
}

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const harnesses = (await run.facts()).demoHarnesses;
  program
    .command("demo")
    .description(
      `the scripted model and ${countWord(harnesses.length)} panes (${harnesses.join(", ")}) on it: every widget in a minute, no credentials`,
    )
    .option("--port <n>", "port for the scripted model on 127.0.0.1 (0: any free port)", "0")
    .option("--script <file>", "a JSON script for the model (default: the built-in demo script)")
    .option("--theme <name>", "default, light or high-contrast")
    .option("--harness <name...>", `which harnesses get a pane (default: ${harnesses.join(" ")})`)
    .option("--prompt <text>", "the first prompt each pane sends")
    .option("--mouse", "the mouse wheel scrolls the pane under the pointer (config: ui.mouse)")
    .action(runsIn(run, async () => (await import("../commands/demo.js")).demoAction));
}
