/** `hmux harnesses`'s command line (src/cli/commands/harnesses.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("harnesses")
    .description("list harnesses with installed and pinned versions, and any harness module the config refused")
    .option("--json", "one JSON object per harness")
    .action(runsIn(run, async () => (await import("../commands/harnesses.js")).harnessesAction));
}
