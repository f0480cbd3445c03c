/**
 * Merging a workspace's branch into its base, with git's own merge: where the base branch is
 * checked out, `git merge` runs there (fast-forward when it can, else a merge commit, or always
 * one with noFastForward); where it is checked out nowhere, only a fast-forward is possible
 * (`git fetch . hmux/<name>:<base>`, which refuses anything else). A conflict is never resolved
 * by hmux: the merge is aborted and the conflicting files are reported.
 */
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitOut, gitProbe, gitReason, nulList } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";
import { workspaceStatus } from "./status.js";

export interface MergeResult {
  /** "fast-forward", "merge-commit", or "up-to-date" when the base already had every commit. */
  readonly how: "fast-forward" | "merge-commit" | "up-to-date";
  /** The base branch's tip after the merge. */
  readonly tip: string;
  /** Where the merge ran (the checkout of the base), or null for a ref-only fast-forward. */
  readonly at: string | null;
}

export async function mergeWorkspace(
  git: GitRunner,
  entry: WorkspaceEntry,
  options: { readonly noFastForward?: boolean; readonly alive?: (pid: number) => boolean } = {},
): Promise<MergeResult> {
  const repo = entry.repo;
  const baseRef = `refs/heads/${entry.base}`;
  if ((await gitProbe(git, ["rev-parse", "--verify", "--quiet", baseRef], { cwd: repo })) === null) {
    throw new WorkspaceError(
      `the base ${entry.base} of workspace ${entry.name} is not a local branch, so there is nothing to merge into`,
      {
        issue: "unknown-base",
        hint: `merge ${entry.branch} yourself where you want it (git merge ${entry.branch})`,
      },
    );
  }
  const status = await workspaceStatus(git, entry, options.alive);
  if (status.dirty.length > 0) {
    throw new WorkspaceError(
      `workspace ${entry.name} has ${status.dirty.length} uncommitted change(s), which a merge of ${entry.branch} would leave behind: ${status.dirty.slice(0, 10).join("; ")}`,
      { issue: "workspace-uncommitted-changes", hint: `commit them in ${entry.path} first` },
    );
  }
  const before = (await gitOut(git, ["rev-parse", baseRef], { cwd: repo })).trim();
  const head = (await gitOut(git, ["rev-parse", `refs/heads/${entry.branch}`], { cwd: repo })).trim();
  if ((await git.run(["merge-base", "--is-ancestor", head, before], { cwd: repo })).code === 0)
    return { how: "up-to-date", tip: before, at: null };

  const checkout = await checkoutOf(git, repo, baseRef);
  if (checkout === null) {
    const ff = (await git.run(["merge-base", "--is-ancestor", before, head], { cwd: repo })).code === 0;
    if (!ff || options.noFastForward)
      throw new WorkspaceError(
        `${entry.base} is checked out nowhere and ${ff ? "--no-ff asks for a merge commit" : `has moved on since ${entry.branch} left it`}, so the merge needs a checkout of ${entry.base}`,
        {
          issue: "workspace-merge-conflict",
          hint: `check out ${entry.base} somewhere (git switch ${entry.base}) and merge again`,
        },
      );
    await gitOut(git, ["fetch", "--quiet", ".", `refs/heads/${entry.branch}:${baseRef}`], { cwd: repo });
    return { how: "fast-forward", tip: head, at: null };
  }

  const dirtyBase = nulList(
    await gitOut(git, ["status", "--porcelain=v1", "-z", "--untracked-files=no"], { cwd: checkout }),
  );
  if (dirtyBase.length > 0)
    throw new WorkspaceError(
      `${entry.base} is checked out in ${checkout} with uncommitted changes (${dirtyBase.slice(0, 10).join("; ")}); merging there could mix them into the merge`,
      {
        issue: "workspace-uncommitted-changes",
        hint: `commit or set aside the changes in ${checkout}, then merge again`,
      },
    );
  const merge = await git.run(
    [
      "merge",
      "--no-edit",
      options.noFastForward ? "--no-ff" : "--ff",
      "-m",
      `Merge ${entry.branch} (hmux workspace ${entry.name})`,
      `refs/heads/${entry.branch}`,
    ],
    { cwd: checkout },
  );
  if (merge.code !== 0) {
    const conflicted = nulList(
      (await git.run(["diff", "--name-only", "-z", "--diff-filter=U"], { cwd: checkout })).stdout,
    );
    await git.run(["merge", "--abort"], { cwd: checkout });
    const what = conflicted.length > 0 ? `conflicts in ${conflicted.join(", ")}` : gitReason(merge);
    throw new WorkspaceError(
      `merging ${entry.branch} into ${entry.base} stopped: ${what}; the merge was aborted and ${entry.base} is unchanged`,
      {
        issue: "workspace-merge-conflict",
        hint: `resolve it yourself: git -C ${checkout} merge ${entry.branch}`,
        files: conflicted,
      },
    );
  }
  const tip = (await gitOut(git, ["rev-parse", baseRef], { cwd: repo })).trim();
  const parents = (await gitOut(git, ["rev-list", "--parents", "-n", "1", tip], { cwd: repo })).trim().split(" ");
  return { how: parents.length > 2 ? "merge-commit" : "fast-forward", tip, at: checkout };
}

/** The worktree (main checkout included) that has this branch checked out, or null. */
async function checkoutOf(git: GitRunner, repo: string, ref: string): Promise<string | null> {
  const list = await gitOut(git, ["worktree", "list", "--porcelain", "-z"], { cwd: repo });
  let path: string | null = null;
  for (const line of nulList(list)) {
    if (line.startsWith("worktree ")) path = line.slice("worktree ".length);
    else if (line === `branch ${ref}` && path !== null) return path;
  }
  return null;
}
