/**
 * Adding a worktree: `git worktree add -b hmux/<name> <root>/<repo>/<name> <base>`. A name whose
 * branch or folder is taken gets a numeric suffix — someone's branch is never reused. If git fails
 * part-way (disk full, a hook), what it left is removed and git's own message reported.
 */
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDir } from "../files/private-dir.js";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitProbe, gitReason } from "./git.js";
import { branchFor } from "./paths.js";
import type { BaseFacts, RepoFacts } from "./repo.js";

export interface CreatedWorktree {
  readonly name: string;
  readonly path: string;
  readonly branch: string;
}

/** The first of name, name-2, name-3 … whose branch and folder are both free (and not in `taken`). */
export async function freeName(
  git: GitRunner,
  repo: RepoFacts,
  root: string,
  wanted: string,
  taken: ReadonlySet<string>,
): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const name = n === 1 ? wanted : `${wanted}-${n}`;
    if (taken.has(name)) continue;
    if (existsSync(join(root, repo.repoName, name))) continue;
    const ref = await gitProbe(git, ["rev-parse", "--verify", "--quiet", `refs/heads/${branchFor(name)}`], {
      cwd: repo.repo,
    });
    if (ref === null) return name;
  }
  throw new WorkspaceError(`no free workspace name near ${JSON.stringify(wanted)}`, {
    issue: "workspace-create-failed",
    hint: "remove old workspaces (hmux workspace gc) or pick another --worktree NAME",
  });
}

export async function addWorktree(
  git: GitRunner,
  repo: RepoFacts,
  root: string,
  name: string,
  base: BaseFacts,
): Promise<CreatedWorktree> {
  const parent = join(root, repo.repoName);
  const path = join(parent, name);
  const branch = branchFor(name);
  try {
    makePrivateDir(parent);
  } catch (err) {
    throw new WorkspaceError(`could not create the folder for worktrees ${parent}: ${(err as Error).message}`, {
      issue: "workspace-create-failed",
      hint: "check config workspace.root, the free disk space and the folder's permissions",
    });
  }
  const result = await git.run(["worktree", "add", "--no-track", "-b", branch, path, base.commit], { cwd: repo.repo });
  if (result.code !== 0) {
    await discardWorktree(git, repo.repo, path, branch, base.commit);
    throw new WorkspaceError(`could not create the worktree ${path}: ${gitReason(result)}`, {
      issue: "workspace-create-failed",
      hint: "what git left behind was removed; fix the cause and launch again",
    });
  }
  return { name, path, branch };
}

/**
 * Undo a worktree this launch just made: remove it, and its branch while the branch still sits on
 * the commit it was made at (anything else means someone committed there, and it is kept).
 */
export async function discardWorktree(
  git: GitRunner,
  repoDir: string,
  path: string,
  branch: string,
  createdAt: string,
): Promise<void> {
  await git.run(["worktree", "remove", "--force", "--force", path], { cwd: repoDir });
  rmSync(path, { recursive: true, force: true });
  await git.run(["worktree", "prune"], { cwd: repoDir });
  const tip = await gitProbe(git, ["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`], { cwd: repoDir });
  if (tip === createdAt) await git.run(["branch", "-D", branch], { cwd: repoDir });
}
