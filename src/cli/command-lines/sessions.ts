/** `hmux sessions`'s command line (src/cli/commands/sessions.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";

export function declare(program: Command, run: CommandRuntime): void {
  program
    .command("sessions")
    .description("list journaled sessions with state and harness")
    .option("--json", "one JSON object per session")
    .action(runsIn(run, async () => (await import("../commands/sessions.js")).sessionsAction));
}
