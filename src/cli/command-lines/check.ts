/** `hmux check`'s command line (src/cli/commands/check.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("check")
    .description("check installed harness versions against the pinned ones (exit 1 on drift)")
    .option("--json", "one JSON object with every harness and the verdict")
    .action(runsIn(run, async () => (await import("../commands/check.js")).checkAction));
}
