/**
 * `hmux acp [<harness>]`: hmux as an ACP agent on stdio, for an editor or any ACP client to
 * spawn. Each ACP session is a session on the hmux server (started if none runs), launched as
 * `hmux new` launches one (the same flags; the client's cwd is its folder, or its worktree), so
 * `hmux ls` lists it and `hmux attach` shows it, and a person can decide its calls there too.
 * stdout carries ACP only; hmux's notes go to stderr. The ACP SDK is loaded only when the command runs.
 */
import { hostname } from "node:os";
import type { Command } from "commander";
import type { CliContext } from "../context.js";
import { HOST_FLAGS, HOST_HELP, hostOf } from "../host-flag.js";
import { VERSION } from "../main.js";
import { reachServer, reportServerError } from "../server-client.js";
import { addWorkspaceFlags } from "../workspace-launch.js";
import { createOptionsOf, type NewFlags } from "./new.js";

export function register(program: Command, context: CliContext): void {
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
  addWorkspaceFlags(cmd).action(async (harness: string | undefined, flags: NewFlags, command: Command) => {
    const host = hostOf(command);
    process.exitCode = await acpCommand(
      // The registry's first harness when none is named: the one table that knows harnesses.
      harness ?? context.registry.names[0] ?? "",
      { ...flags, ...(host !== undefined ? { host } : {}) },
      context,
    );
  });
}

export async function acpCommand(harness: string, flags: NewFlags, context: CliContext): Promise<number> {
  let options: ReturnType<typeof createOptionsOf>;
  try {
    options = createOptionsOf(flags);
  } catch (err) {
    return reportServerError("acp", err, context.output);
  }
  const { serveAcp } = await import("../acp/serve.js");
  return serveAcp({
    harness,
    options,
    ...(flags.name !== undefined ? { name: flags.name } : {}),
    version: VERSION,
    connect: () => reachServer(context, true, flags.host),
    log: (line) => context.output.err(`hmux acp: ${line}\n`),
    where: ` on ${hostname()} (pid ${process.pid})`,
    input: context.input,
  });
}
