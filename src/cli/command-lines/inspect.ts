/** `hmux inspect`'s command line (src/cli/commands/inspect.ts). */
import type { Command } from "commander";
import { CAPABILITY_MODES } from "../../core/argv/capabilities.js";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { addTurnFlags } from "../commands/run-options.js";

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  const cmd = program
    .command("inspect")
    .description("show a harness's facts, the argv hmux would run (--argv), or its capabilities (--capabilities)")
    .argument("<harness>", facts.names.join(" | "))
    .option("--argv", "print the planned invocation for the given turn flags")
    .option("--capabilities", "print the capability record as one JSON line")
    .option("--mode <mode>", `capability mode: ${CAPABILITY_MODES.join(" | ")}`, "headless-turn")
    .option("--json", "machine-readable output");
  addTurnFlags(cmd, facts.harnessOptions);
  cmd.action(runsIn(run, async () => (await import("../commands/inspect.js")).inspectAction));
}
