/**
 * The one door to git: every git operation hmux performs on a workspace is the `git` CLI,
 * reached through this port (built in the composition root), so the repository's own rules —
 * ignore files, hooks, worktree locks, refs — are git's, never a copy of them.
 */
import type { GitCall, GitRunner } from "../core/git-port.js";
import { WorkspaceError } from "./errors.js";

export type { GitCall, GitResult, GitRunner } from "../core/git-port.js";

/** stdout of a git command that must succeed; a failure becomes a typed error quoting git's own words. */
export async function gitOut(git: GitRunner, args: readonly string[], call: GitCall): Promise<string> {
  const result = await git.run(args, call);
  if (result.code !== 0) {
    const said = result.stderr.trim() || result.stdout.trim() || `exit code ${result.code}`;
    throw new WorkspaceError(`git ${args.join(" ")} failed in ${call.cwd}: ${said}`, {
      issue: "git-failed",
      hint: "run the same git command yourself to see the whole story",
    });
  }
  return result.stdout;
}

/** Trimmed first line of stdout, or null when git exits non-zero (a probe: "is there such a ref?"). */
export async function gitProbe(git: GitRunner, args: readonly string[], call: GitCall): Promise<string | null> {
  const result = await git.run(args, call);
  return result.code === 0 ? (result.stdout.split("\n")[0] ?? "").trim() : null;
}

/** NUL-separated output as a list (the -z forms), empty entries dropped. */
export function nulList(text: string): string[] {
  return text.split("\0").filter((s) => s !== "");
}
