/**
 * Committing everything a workspace's agent left in its worktree: `git add -A` and `git commit`
 * run inside the worktree, on its own index and branch (hmux/<name>), so the user's main
 * checkout, its index and the stash are never touched. git's own rules apply (hooks, identity).
 */
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitOut } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";
import { ownWorktree } from "./worktree-guard.js";

export interface Committed {
  readonly commit: string;
  /** Files the commit changed. */
  readonly files: number;
}

/** The longest commit message accepted (a message is a summary, not a file). */
const MAX_MESSAGE = 10_000;

export async function commitWorkspace(git: GitRunner, entry: WorkspaceEntry, message: string): Promise<Committed> {
  const text = message.trim();
  if (text === "" || text.length > MAX_MESSAGE)
    throw new WorkspaceError(
      text === "" ? "a commit needs a message" : `the commit message is longer than ${MAX_MESSAGE} characters`,
      { issue: "invalid-commit-message", hint: "type a short summary of the change" },
    );
  const cwd = await ownWorktree(git, entry);
  await gitOut(git, ["add", "-A", "--", "."], { cwd });
  // Exit 0: the index equals HEAD, so there is nothing to commit.
  if ((await git.run(["diff", "--cached", "--quiet"], { cwd })).code === 0)
    throw new WorkspaceError(`workspace ${entry.name} has nothing to commit`, {
      issue: "nothing-to-commit",
      hint: "the agent's changes are already committed (merge them), or it changed nothing yet",
    });
  await gitOut(git, ["commit", "--quiet", "-m", text], { cwd });
  const commit = (await gitOut(git, ["rev-parse", "HEAD"], { cwd })).trim();
  const changed = await gitOut(
    git,
    ["diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "--root", "-m", commit],
    {
      cwd,
    },
  );
  return { commit, files: new Set(changed.split("\0").filter((s) => s !== "")).size };
}
