/** `hmux new`'s command line (src/cli/commands/new.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { addHarnessOptionFlags } from "../commands/harness-option-flags.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";
import { addWorkspaceFlags } from "../workspace-launch.js";

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  const cmd = program
    .command("new")
    .description("start a headless session on the hmux server: hmux new <harness> [--name <name>]")
    .argument("<harness>", "the harness to run (see hmux harnesses)")
    .option("--name <name>", "the session's name (default <harness>-<n>)")
    .option("--cwd <path>", "working directory (default: this one)")
    .option("--model <id>", "model for the session")
    .option("--effort <level>", "effort for the session spawn")
    .option("--endpoint <url>", "an OpenAI/Anthropic-compatible http(s) endpoint")
    .option("--isolate", "give the harness its own HOME and config dir under the session's state dir")
    .option("--approvals <mode>", "ask (a client answers; hmux's deadline denies), deny, allow", "ask")
    .option("--stall <seconds>", "per-turn inactivity budget; 0 disables")
    .option(
      "--decision-budget <ms>",
      "how long a gated call waits for an answer before hmux denies it (default: config decisionBudget, else 10 min)",
    )
    .option("--no-escalate-questions", "the worker never asks; it states its assumption and continues")
    .option("--resume <id>", "continue an hmux session (journal id) or the harness's own session id")
    .option("--prompt <text>", "the first message to send")
    .option("--json", "print the new session's row as JSON")
    .option(HOST_FLAGS, HOST_HELP);
  // Each harness's own settings, spelled as hmux run spells them; the server checks their values.
  addHarnessOptionFlags(cmd, facts.harnessOptions);
  addWorkspaceFlags(cmd).action(runsIn(run, async () => (await import("../commands/new.js")).newAction));
}
