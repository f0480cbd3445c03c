/** `hmux run`'s command line (src/cli/commands/run.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { addTurnFlags } from "../commands/run-options.js";
import { addWorkspaceFlags } from "../workspace-launch.js";

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  const cmd = program
    .command("run")
    .description("run one headless turn: hmux run <harness> [prompt] [flags] [-- native args]")
    .argument("<harness>", facts.names.join(" | "))
    .argument("[prompt]", "the prompt (use --prompt for one that starts with '-')")
    .option("--json", "NDJSON HarnessEvents on stdout")
    .option("--verbose", "also show non-JSON harness lines and progress (human mode)");
  addTurnFlags(cmd, facts.harnessOptions);
  addWorkspaceFlags(cmd);
  cmd.action(runsIn(run, async () => (await import("../commands/run.js")).runAction));
}
