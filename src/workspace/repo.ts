/**
 * The facts about a repository that a workspace needs, each asked of git: the checkout's top level,
 * the main repository (a worktree's common dir points back to it), a short name for paths, and the
 * base commit a new worktree starts from.
 */
import { basename, dirname, isAbsolute, resolve } from "node:path";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitProbe } from "./git.js";

export interface RepoFacts {
  /** The top level of the checkout the user is in (may itself be a worktree). */
  readonly toplevel: string;
  /** The main repository's top level: where `git worktree add` is run and what the registry keys on. */
  readonly repo: string;
  /** The main repository's folder name, for `<root>/<repo>/<name>`. */
  readonly repoName: string;
}

/** `otherwise`: the way out besides a repository, naming only a flag the caller was given (default: drop --worktree). */
export async function repoFacts(git: GitRunner, cwd: string, otherwise = "or drop --worktree"): Promise<RepoFacts> {
  const toplevel = await gitProbe(git, ["rev-parse", "--show-toplevel"], { cwd });
  if (!toplevel) {
    throw new WorkspaceError(`${cwd} is not inside a git repository, and a worktree needs one`, {
      issue: "not-a-git-repository",
      hint: `run from inside a git repository (or pass --cwd)${otherwise ? `, ${otherwise}` : ""}`,
    });
  }
  const common = await gitProbe(git, ["rev-parse", "--git-common-dir"], { cwd: toplevel });
  const commonDir = common === null ? `${toplevel}/.git` : isAbsolute(common) ? common : resolve(toplevel, common);
  // The common dir of a normal repository is <top>/.git; a bare one has no checkout to name it by.
  const repo = basename(commonDir) === ".git" ? dirname(commonDir) : toplevel;
  return { toplevel, repo, repoName: basename(repo).replace(/[^A-Za-z0-9._-]/g, "_") || "repo" };
}

export interface BaseFacts {
  /** What the user named, or the current branch (or the commit, on a detached HEAD). */
  readonly name: string;
  readonly commit: string;
}

/** The base a new worktree starts from: REF as given, else the current HEAD. */
export async function resolveBase(git: GitRunner, toplevel: string, ref: string | undefined): Promise<BaseFacts> {
  if (ref !== undefined) {
    // `--end-of-options` keeps a ref that starts with '-' from being read as a flag.
    const commit = ref.startsWith("-")
      ? null
      : await gitProbe(git, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${ref}^{commit}`], {
          cwd: toplevel,
        });
    if (!commit) {
      throw new WorkspaceError(`--base ${ref} is not a commit, branch or tag in ${toplevel}`, {
        issue: "unknown-base",
        hint: "name an existing branch, tag or commit (git branch -a lists them), or omit --base to use HEAD",
      });
    }
    return { name: ref, commit };
  }
  const commit = await gitProbe(git, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], { cwd: toplevel });
  if (!commit) {
    throw new WorkspaceError(`${toplevel} has no commit yet, so there is nothing to start a worktree from`, {
      issue: "unknown-base",
      hint: "make a first commit, or pass --base REF",
    });
  }
  const branch = await gitProbe(git, ["symbolic-ref", "--quiet", "--short", "HEAD"], { cwd: toplevel });
  return { name: branch || commit, commit };
}

/**
 * The ref to compare a workspace against now: the base branch's current tip while it exists (so
 * "ahead" means "not yet in main"), else the commit the worktree started from.
 */
export async function baseRefNow(git: GitRunner, cwd: string, base: string, baseCommit: string): Promise<string> {
  if (base === baseCommit) return baseCommit;
  const tip = await gitProbe(git, ["rev-parse", "--verify", "--quiet", "--end-of-options", `${base}^{commit}`], {
    cwd,
  });
  return tip || baseCommit;
}
