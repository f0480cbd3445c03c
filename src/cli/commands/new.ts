/**
 * `hmux new <harness>`: a headless session on the hmux server (started if needed), named with
 * `--name` or `<harness>-<n>`. It runs on after this command exits; `hmux ls` lists it,
 * `hmux kill` ends it. `--prompt` sends its first message. Prints the name and id (`--json`:
 * the session's row as `hmux ls --json` prints it). `--host user@box` starts it on that machine's
 * server, over ssh; `--cwd` is then a path there, and required.
 */

import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import type { HarnessOptions } from "../../core/options/types.js";
import type { CreateOptions, SessionSummary } from "../../protocol/index.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { UsageError } from "../errors.js";
import { hostOf } from "../host-flag.js";
import { type Output, processOutput } from "../render/output.js";
import { reachServer, reportServerError } from "../server-client.js";
import type { WorkspaceFlags } from "../workspace-launch.js";
import { harnessOptionsFromFlags } from "./harness-option-flags.js";

export interface NewFlags extends WorkspaceFlags {
  name?: string;
  cwd?: string;
  model?: string;
  effort?: string;
  endpoint?: string;
  isolate?: boolean;
  approvals?: string;
  stall?: string;
  decisionBudget?: string;
  escalateQuestions?: boolean;
  resume?: string;
  prompt?: string;
  json?: boolean;
  host?: string;
  /** The harness settings typed as `--<harness>-<key>` (harnessOptionsFromFlags), not a flag of its own. */
  harnessOptions?: HarnessOptions;
}

export async function newAction(
  run: CommandRuntime,
  harness: string,
  flags: NewFlags,
  command: Command,
): Promise<void> {
  const context = await run.context();
  const host = hostOf(command);
  const own = harnessOptionsFromFlags(
    flags as Readonly<Record<string, unknown>>,
    command,
    context.registry.harnessOptions,
  );
  process.exitCode = await newCommand(
    harness,
    { ...flags, ...(host !== undefined ? { host } : {}), ...(own ? { harnessOptions: own } : {}) },
    processOutput(),
    context,
  );
}

export async function newCommand(
  harness: string,
  flags: NewFlags,
  output: Output,
  context: CliContext,
): Promise<number> {
  let options: CreateOptions;
  let cwd: string;
  try {
    options = createOptionsOf(flags);
    cwd = cwdOf(flags);
  } catch (err) {
    return reportServerError("new", err, output);
  }
  try {
    const client = await reachServer(context, true, flags.host);
    try {
      const reply = await client.request({
        op: "create",
        harness,
        cwd,
        options,
        ...(flags.name !== undefined ? { name: flags.name } : {}),
      });
      const session = reply.session as SessionSummary;
      for (const note of (reply.notes as string[] | undefined) ?? []) output.err(`${note}\n`);
      if (flags.prompt !== undefined)
        await client.request({
          op: "input",
          session: session.id,
          line: { op: "send", id: "new-prompt", text: flags.prompt },
        });
      output.out(flags.json ? `${JSON.stringify(session)}\n` : `${session.name} ${session.id}\n`);
      return 0;
    } finally {
      client.close();
    }
  } catch (err) {
    return reportServerError("new", err, output);
  }
}

/** Where the session runs. On another host this machine's directory means nothing there, so it must be said. */
function cwdOf(flags: NewFlags): string {
  if (flags.host === undefined) return resolvePath(flags.cwd ?? process.cwd());
  if (flags.cwd === undefined || !flags.cwd.startsWith("/"))
    throw new UsageError(
      `with --host, --cwd must be an absolute path on ${flags.host} (${flags.cwd === undefined ? "none was given" : `${flags.cwd} is relative`})`,
    );
  return flags.cwd;
}

/** The create options of `hmux new`'s flags (`hmux acp` takes the same). */
export function createOptionsOf(flags: NewFlags): CreateOptions {
  const approvals = flags.approvals ?? "ask";
  if (approvals !== "ask" && approvals !== "deny" && approvals !== "allow")
    throw new UsageError(`--approvals ${approvals} is not one of ask, deny, allow`);
  return {
    approvals,
    ...(flags.model !== undefined ? { model: flags.model } : {}),
    ...(flags.effort !== undefined ? { effort: flags.effort } : {}),
    ...(flags.endpoint !== undefined ? { endpoint: flags.endpoint } : {}),
    ...(flags.isolate ? { isolate: true } : {}),
    ...(flags.stall !== undefined ? { stallSeconds: number("stall", flags.stall, false) } : {}),
    ...(flags.decisionBudget !== undefined
      ? { decisionBudgetMs: number("decision-budget", flags.decisionBudget, true) }
      : {}),
    ...(flags.escalateQuestions === false ? { escalateQuestions: false } : {}),
    ...(flags.resume !== undefined ? { resume: flags.resume } : {}),
    ...(flags.worktree !== undefined ? { worktree: flags.worktree } : {}),
    ...(flags.base !== undefined ? { base: flags.base } : {}),
    ...(flags.harnessOptions ? { harnessOptions: flags.harnessOptions as CreateOptions["harnessOptions"] } : {}),
  };
}

function number(option: string, raw: string, integer: boolean): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || (integer && (!Number.isInteger(n) || n < 1)))
    throw new UsageError(`--${option} ${raw} is not ${integer ? "a positive integer" : "a number ≥ 0"}`);
  return n;
}
