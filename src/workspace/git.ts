/**
 * The one door to git: every git operation hmux performs on a workspace is the `git` CLI,
 * reached through this port (built in the composition root), so the repository's own rules —
 * ignore files, hooks, worktree locks, refs — are git's, never a copy of them.
 */
import type { GitCall, GitResult, GitRunner } from "../core/git-port.js";
import { WorkspaceError } from "./errors.js";

export type { GitCall, GitResult, GitRunner } from "../core/git-port.js";

/**
 * Why git failed, in git's words: its `fatal:`/`error:` line, else the last thing it said on
 * stderr (a progress line such as "Preparing worktree" comes first and is not the reason), never
 * a `hint:`; so a long command or a long stderr never pushes the reason out of sight. Commits with
 * no identity say what to set, rather than hmux inventing one.
 */
export function gitReason(result: GitResult): string {
  const text = `${result.stderr}\n${result.stdout}`;
  if (/Author identity unknown|Committer identity unknown|Please tell me who you are/.test(text))
    return 'git has no user.name / user.email to commit with ("Author identity unknown"); set them with git config --global user.name "Your Name" and git config --global user.email you@example.com';
  const said = (stream: string) =>
    stream
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "" && !l.startsWith("hint:"));
  const stderr = said(result.stderr);
  return (
    stderr.find((l) => /^(fatal|error):/.test(l)) ??
    stderr.at(-1) ??
    said(result.stdout)[0] ??
    `exit code ${result.code}`
  );
}

/** The one error every failed git command becomes: git's reason first, then which command, where. */
export function gitFailure(args: readonly string[], cwd: string, result: GitResult): WorkspaceError {
  const command = args.find((a, i) => !a.startsWith("-") && args[i - 1] !== "-c" && args[i - 1] !== "-C") ?? "";
  return new WorkspaceError(`${gitReason(result)} (git ${command} in ${cwd})`, {
    issue: "git-failed",
    hint: "run the same git command yourself to see the whole story",
  });
}

/** stdout of a git command that must succeed; a failure becomes a typed error quoting git's own words. */
export async function gitOut(git: GitRunner, args: readonly string[], call: GitCall): Promise<string> {
  const result = await git.run(args, call);
  if (result.code !== 0) throw gitFailure(args, call.cwd, result);
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
