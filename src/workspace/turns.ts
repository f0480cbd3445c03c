/**
 * Per-turn changes: at the start of each turn the worktree is captured as a git tree (through a
 * throwaway index, see diff.ts) and kept in the workspace's registry entry, so "what did turn N
 * change" is the diff from its tree to the next turn's (or to the worktree now). Nothing in the
 * agent's index, branch or stash is touched; the trees are ordinary unreferenced objects.
 */

import { parseNumstat, snapshotTree, type WorkspaceDiff } from "./diff.js";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitOut } from "./git.js";
import type { TurnSnapshot, WorkspaceEntry, WorkspaceRegistry } from "./registry.js";

/** The newest turns kept per workspace: enough to look back, bounded so the registry stays small. */
export const TURNS_KEPT = 200;

export async function recordTurnStart(
  git: GitRunner,
  registry: WorkspaceRegistry,
  entry: Pick<WorkspaceEntry, "repo" | "name" | "path">,
  turnId: string,
  now: Date,
): Promise<TurnSnapshot> {
  const snapshot: TurnSnapshot = { turnId, tree: await snapshotTree(git, entry.path), at: now.toISOString() };
  registry.update((entries) => {
    const at = entries.findIndex((e) => e.repo === entry.repo && e.name === entry.name);
    const current = entries[at];
    if (current) entries[at] = { ...current, turns: [...(current.turns ?? []), snapshot].slice(-TURNS_KEPT) };
  });
  return snapshot;
}

/** Turn `n` (1 = the first recorded) from its start to the next turn's start, or to the worktree now. */
export async function turnDiff(
  git: GitRunner,
  entry: WorkspaceEntry,
  n: number,
  options: { readonly color?: boolean; readonly patch?: boolean } = {},
): Promise<WorkspaceDiff & { readonly turnId: string }> {
  const turns = entry.turns ?? [];
  const turn = turns[n - 1];
  if (!Number.isInteger(n) || turn === undefined) {
    throw new WorkspaceError(
      `workspace ${entry.name} has ${turns.length === 0 ? "no recorded turns" : `turns 1 to ${turns.length}`}, not ${n}`,
      {
        issue: "unknown-workspace",
        hint: "turns are recorded for sessions started with --worktree (hmux session, TUI panes)",
      },
    );
  }
  const cwd = entry.path;
  const end = turns[n]?.tree ?? (await snapshotTree(git, cwd));
  const files = parseNumstat(await gitOut(git, ["diff", "--numstat", "-z", "-M", turn.tree, end], { cwd }));
  const patch =
    options.patch === false
      ? ""
      : await gitOut(git, ["diff", "-M", options.color ? "--color=always" : "--no-color", turn.tree, end], { cwd });
  return {
    turnId: turn.turnId,
    mergeBase: turn.tree,
    tree: end,
    files,
    added: files.reduce((a, f) => a + (f.added ?? 0), 0),
    removed: files.reduce((a, f) => a + (f.removed ?? 0), 0),
    patch,
  };
}
