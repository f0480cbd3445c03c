/** `hmux session`'s command line (src/cli/commands/session.ts). */
import type { Command } from "commander";
import { COMMAND_NAMES } from "../../core/control/machine-types.js";
import type { ControlName } from "../../core/exec/session-bridge.js";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { addHarnessOptionFlags } from "../commands/harness-option-flags.js";
import { addWorkspaceFlags } from "../workspace-launch.js";

/** The controls `--require` may name. */
export const CONTROLS: readonly ControlName[] = [...COMMAND_NAMES, "tool.decide/replace"];

export async function declare(program: Command, run: CommandRuntime): Promise<void> {
  const facts = await run.facts();
  const cmd = program
    .command("session")
    .description(
      "a multi-turn session for a program: hmux session <harness> --json (NDJSON events out, ops and metaharness.command/1 lines in)",
    )
    .argument("<harness>", facts.sessionHarnesses.join(" | "))
    .option("--json", "NDJSON on stdout, commands on stdin (required)")
    .option("--resume <id>", "continue an hmux session (journal id) or the harness's own session id")
    .option("--session-id <id>", "the caller-side id for a fresh session (default: a random UUID)")
    .option("--endpoint <url>", "an OpenAI/Anthropic-compatible http(s) endpoint (a gateway, or `hmux model serve`)")
    .option("--isolate", "give the harness its own HOME and config dir under the session's state dir")
    .option("--model <id>", "model for the session")
    .option("--effort <level>", "effort for the session spawn")
    .option("--stall <seconds>", "per-turn inactivity budget; 0 disables (no default)")
    .option(
      "--approvals <mode>",
      "ask (a program answers with tool.decide; hmux's deadline denies), deny (headless: nobody can answer), allow (observe)",
      "ask",
    )
    .option(
      "--decision-budget <ms>",
      "how long a gated call waits for an answer before hmux denies it (default: config decisionBudget, else 10 min)",
    )
    .option(
      "--require <controls>",
      `controls this run needs, refused at start if the harness lacks them (${CONTROLS.join(",")})`,
    )
    .option("--cwd <path>", "working directory")
    .option("--escalate-questions", "let the worker ask when blocked: a question event, then answer (default)")
    .option("--no-escalate-questions", "the worker never asks; it states its assumption and continues")
    .option("--no-journal", "do not write $XDG_STATE_HOME/hmux/sessions/<id>.ndjson")
    .option("--no-control-socket", "do not listen for `hmux control`");
  // Each harness's own settings, as `hmux run` takes them: the session's harness reads its section.
  addHarnessOptionFlags(cmd, facts.harnessOptions);
  addWorkspaceFlags(cmd).action(runsIn(run, async () => (await import("../commands/session.js")).sessionAction));
}
