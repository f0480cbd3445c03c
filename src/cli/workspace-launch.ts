/**
 * `--worktree [NAME]`, `--no-worktree` and `--base REF` for the commands that launch a session
 * (`hmux run`, `hmux session`), and the steps each takes around the launch pipeline: open the
 * workspace before planning (the plan's cwd is the worktree), run its setup command once the plan
 * stands, release it when the session ends — or abandon it when the launch is refused.
 */
import type { Command } from "commander";
import type { AppContext } from "../main/context.js";
import {
  abandonWorkspace,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
  snapshotTurn,
  type WorkspaceLease,
} from "../workspace/lease.js";
import type { Output } from "./render/output.js";

export interface WorkspaceFlags {
  worktree?: string | boolean;
  base?: string;
}

export function addWorkspaceFlags(cmd: Command): Command {
  return cmd
    .option(
      "--worktree [name]",
      "run in a new git worktree on branch hmux/<name> (default name: <harness>-<random>); an existing hmux workspace of that name is reused",
    )
    .option("--no-worktree", 'run in the folder itself even when config workspace.worktree is "auto"')
    .option("--base <ref>", "the commit, branch or tag a new worktree starts from (default: HEAD)");
}

export async function openLaunchWorkspace(
  context: AppContext,
  input: {
    readonly cwd: string;
    readonly flags: WorkspaceFlags;
    readonly harness: string;
    /** The session that will hold the worktree (its lease's key). */
    readonly sessionId: string;
    readonly output: Output;
  },
): Promise<WorkspaceLease | null> {
  const lease = await openWorkspace(context.workspace, {
    cwd: input.cwd,
    flag: input.flags.worktree,
    ...(input.flags.base !== undefined ? { base: input.flags.base } : {}),
    harness: input.harness,
    sessionId: input.sessionId,
    configs: context.launch.configFiles(input.cwd),
  });
  if (lease) for (const note of lease.notes) input.output.err(`${note}\n`);
  return lease;
}

/** The setup command's output goes to stderr as it arrives, each line marked as the setup's. */
export async function setUpLaunchWorkspace(context: AppContext, lease: WorkspaceLease, output: Output): Promise<void> {
  if (lease.settings.setup === undefined || !lease.fresh) return;
  output.err(`workspace setup: ${lease.settings.setup}\n`);
  let pending = "";
  await setUpWorkspace(context.workspace, lease, (text) => {
    pending += text;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) output.err(`setup| ${line}\n`);
  }).finally(() => {
    if (pending !== "") output.err(`setup| ${pending}\n`);
  });
}

/** Records the worktree as a turn begins; a failure is a line on stderr, not the session's end. */
export async function snapshotLaunchTurn(
  context: AppContext,
  lease: WorkspaceLease,
  turnId: string,
  output: Output,
): Promise<void> {
  const problem = await snapshotTurn(context.workspace, lease, turnId);
  if (problem) output.err(`hmux: ${problem}\n`);
}

export function releaseLaunchWorkspace(context: AppContext, lease: WorkspaceLease | null): void {
  if (lease) releaseWorkspace(context.workspace, lease);
}

export async function abandonLaunchWorkspace(context: AppContext, lease: WorkspaceLease | null): Promise<void> {
  if (lease) await abandonWorkspace(context.workspace, lease);
}
