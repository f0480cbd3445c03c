/**
 * What a contestant's worktree holds once its turn is over, as scorecard facts: the check run in
 * it (when the race has one) and git's account of what it changed against the base. `hmux race`
 * and the TUI's race both score a finished turn with this, so both scorecards measure alike.
 */
import type { Clock, Spawner } from "../core/exec/ports.js";
import { workspaceDiff } from "../workspace/diff.js";
import { type GitRunner, nulList } from "../workspace/git.js";
import type { WorkspaceEntry } from "../workspace/registry.js";
import { runCheck } from "./check.js";
import type { ContestantFacts } from "./scorecard.js";
import type { CheckResult } from "./scorecard-schema.js";
import type { Tally } from "./tally.js";

export interface FinishedTurn {
  readonly race: string;
  readonly harness: string;
  readonly entry: WorkspaceEntry;
  readonly wallMs: number;
  readonly tally: Tally;
  readonly planDivergences: ContestantFacts["planDivergences"];
  /** null: the race has no check (or was interrupted before it). */
  readonly check: {
    readonly command: string;
    readonly timeoutMs: number;
    readonly env: Readonly<Record<string, string>>;
    readonly signal?: AbortSignal;
  } | null;
}

export async function scoreWorktree(
  ports: { readonly git: GitRunner; readonly spawner: () => Spawner; readonly clock: Clock },
  turn: FinishedTurn,
): Promise<ContestantFacts> {
  const { entry } = turn;
  let check: CheckResult | null = null;
  if (turn.check !== null)
    check = await runCheck(
      { spawner: ports.spawner(), clock: ports.clock },
      {
        command: turn.check.command,
        cwd: entry.path,
        env: { ...turn.check.env, HMUX_RACE: turn.race, HMUX_RACE_HARNESS: turn.harness },
        timeoutMs: turn.check.timeoutMs,
        ...(turn.check.signal ? { signal: turn.check.signal } : {}),
      },
    );
  const diff = await workspaceDiff(ports.git, entry, { patch: false });
  return {
    harness: turn.harness,
    workspace: entry.name,
    branch: entry.branch,
    path: entry.path,
    wallMs: turn.wallMs,
    tally: turn.tally,
    files: diff.files.map((f) => ({ path: f.path, added: f.added, removed: f.removed })),
    check,
    planDivergences: turn.planDivergences,
    snapshot: { tree: diff.tree, mergeBase: diff.mergeBase },
  };
}

/** Tracked files with uncommitted changes in the base checkout: a worktree made from a commit has none of them. */
export async function baseDirty(git: GitRunner, cwd: string): Promise<string[]> {
  const result = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=no"], { cwd });
  return result.code === 0 ? nulList(result.stdout) : [];
}
