/** `hmux acp`'s command line (src/cli/commands/acp.ts). */
import type { Command } from "commander";
import { type CommandRuntime, runsIn } from "../command-line.js";
import { HOST_FLAGS, HOST_HELP } from "../host-flag.js";
import { addWorkspaceFlags } from "../workspace-launch.js";

export function declare(program: Command, run: CommandRuntime): void {
  const cmd = program
    .command("acp")
    .description("speak ACP on stdio: an editor drives sessions of <harness> on the hmux server (hmux acp [harness])")
    .argument("[harness]", "the harness each ACP session runs (default: the first of hmux harnesses)")
    .option("--name <name>", "the first session's name (default <harness>-<n>)")
    .option("--model <id>", "model for the sessions")
    .option("--effort <level>", "effort for the sessions")
    .option("--endpoint <url>", "an OpenAI/Anthropic-compatible http(s) endpoint")
    .option("--isolate", "give the harness its own HOME and config dir under the session's state dir")
    .option("--approvals <mode>", "ask (policy first, then the ACP client or hmux attach), deny, allow", "ask")
    .option("--stall <seconds>", "per-turn inactivity budget; 0 disables")
    .option(
      "--decision-budget <ms>",
      "how long a gated call waits for an answer before hmux denies it (default: config decisionBudget, else 10 min)",
    )
    .option("--no-escalate-questions", "the worker never asks; it states its assumption and continues")
    .option(HOST_FLAGS, HOST_HELP);
  addWorkspaceFlags(cmd).action(runsIn(run, async () => (await import("../commands/acp.js")).acpAction));
}
