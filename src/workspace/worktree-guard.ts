/**
 * Before hmux changes files or refs inside a workspace (commit, discard), it makes sure git sees
 * that folder as the workspace's own linked worktree with its own branch checked out — never the
 * main checkout, never another branch. A registry entry pointing somewhere else is refused.
 */
import { realpathSync } from "node:fs";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitProbe } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";

/** The worktree's path, once git confirms it is this workspace's checkout of its branch. */
export async function ownWorktree(git: GitRunner, entry: WorkspaceEntry): Promise<string> {
  const cwd = entry.path;
  const refuse = (why: string): never => {
    throw new WorkspaceError(`workspace ${entry.name}: ${why}, so hmux leaves it alone`, {
      issue: "workspace-not-checked-out",
      hint: `look at ${cwd} yourself (git -C ${cwd} status); hmux workspace ls shows what it expects`,
    });
  };
  const top = await gitProbe(git, ["rev-parse", "--show-toplevel"], { cwd }).catch(() => null);
  if (top === null) return refuse(`${cwd} is not a git checkout any more`);
  if (real(top) !== real(cwd)) return refuse(`${cwd} is inside ${top}, not a worktree of its own`);
  if (real(top) === real(entry.repo)) return refuse(`${cwd} is the repository's main checkout`);
  const gitDir = await gitProbe(git, ["rev-parse", "--absolute-git-dir"], { cwd });
  const common = await gitProbe(git, ["rev-parse", "--path-format=absolute", "--git-common-dir"], { cwd });
  if (gitDir === null || common === null || real(gitDir) === real(common))
    return refuse(`${cwd} is not a linked worktree`);
  const branch = await gitProbe(git, ["symbolic-ref", "--quiet", "HEAD"], { cwd });
  if (branch !== `refs/heads/${entry.branch}`)
    return refuse(`${cwd} has ${branch === null ? "a detached HEAD" : branch} checked out, not ${entry.branch}`);
  return cwd;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
