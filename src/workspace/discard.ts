/**
 * Discarding what a workspace's agent did: inside the worktree (its own index and branch only),
 * `git reset --hard` to the point the branch left its base and `git clean -fd` for new files.
 * Ignored files stay (the .worktreeinclude copies, installed dependencies); the user's main
 * checkout, its index and the stash are never touched. What is thrown away is counted first,
 * so the caller can say it.
 */

import { countPorcelain } from "./branch-status.js";
import { type GitRunner, gitOut } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";
import { baseRefNow } from "./repo.js";
import { ownWorktree } from "./worktree-guard.js";

export interface Discarded {
  /** The commit the worktree was reset to (where its branch left the base). */
  readonly to: string;
  readonly files: number;
  readonly commits: number;
}

export async function discardWorkspace(git: GitRunner, entry: WorkspaceEntry): Promise<Discarded> {
  const cwd = await ownWorktree(git, entry);
  const baseRef = await baseRefNow(git, cwd, entry.base, entry.baseCommit);
  const to = (await gitOut(git, ["merge-base", baseRef, "HEAD"], { cwd })).trim();
  const files = countPorcelain(await gitOut(git, ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd }));
  const commits = Number((await gitOut(git, ["rev-list", "--count", `${to}..HEAD`], { cwd })).trim()) || 0;
  await gitOut(git, ["reset", "--hard", "--quiet", to], { cwd });
  await gitOut(git, ["clean", "-fd", "--quiet", "--", "."], { cwd });
  return { to, files, commits };
}
