/**
 * The few facts a pane header shows next to a worktree's branch: commits ahead of and behind the
 * base (as the base branch is now) and how many files hold uncommitted changes. Cheaper than
 * workspaceStatus (no disk walk, no search of remote branches), so it can follow every turn.
 */
import { type GitRunner, gitOut, nulList } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";
import { baseRefNow } from "./repo.js";

export interface BranchStatus {
  readonly ahead: number;
  readonly behind: number;
  /** Files with uncommitted changes (untracked ones included, ignored ones not). */
  readonly dirty: number;
}

export async function branchStatus(
  git: GitRunner,
  entry: Pick<WorkspaceEntry, "path" | "base" | "baseCommit">,
): Promise<BranchStatus> {
  const cwd = entry.path;
  const baseRef = await baseRefNow(git, cwd, entry.base, entry.baseCommit);
  const counts = (await gitOut(git, ["rev-list", "--left-right", "--count", `${baseRef}...HEAD`], { cwd })).trim();
  const [behind = 0, ahead = 0] = counts.split(/\s+/).map(Number);
  const status = await gitOut(git, ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd });
  return { ahead, behind, dirty: countPorcelain(status) };
}

/** Entries of `git status --porcelain -z`; a rename or copy carries its source path as one more field. */
export function countPorcelain(text: string): number {
  const parts = nulList(text);
  let n = 0;
  for (let i = 0; i < parts.length; i++) {
    n++;
    const x = parts[i]![0];
    if (x === "R" || x === "C") i++;
  }
  return n;
}
