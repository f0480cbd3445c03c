/**
 * What a workspace changed against its base: the files with +/- line counts (`git diff --numstat`)
 * and the unified diff. The worktree as it is now — uncommitted and untracked files included — is
 * captured as a tree through a throwaway copy of its index (`GIT_INDEX_FILE`, `add -A`,
 * `write-tree`), so neither the agent's index nor anyone's stash is touched. The base side is the
 * merge base with the base branch, so work that landed on the base since is not shown reversed.
 */
import { copyFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { ownedTempPrefix } from "../core/temp-owner.js";
import { makePrivateTempDir } from "../files/private-dir.js";
import { type GitRunner, gitOut } from "./git.js";
import type { WorkspaceEntry } from "./registry.js";
import { baseRefNow } from "./repo.js";

export interface FileChange {
  readonly path: string;
  /** The old path of a rename. */
  readonly from?: string;
  /** null for a binary file (git counts no lines in it). */
  readonly added: number | null;
  readonly removed: number | null;
}

export interface WorkspaceDiff {
  readonly mergeBase: string;
  /** The tree the worktree held when the diff was taken. */
  readonly tree: string;
  readonly files: readonly FileChange[];
  readonly added: number;
  readonly removed: number;
  /** The unified diff (with git's colours when asked). */
  readonly patch: string;
}

export async function snapshotTree(git: GitRunner, cwd: string): Promise<string> {
  const scratch = makePrivateTempDir(tmpdir(), ownedTempPrefix("index", process.pid));
  try {
    const index = join(scratch, "index");
    const real = (await gitOut(git, ["rev-parse", "--git-path", "index"], { cwd })).trim();
    const realPath = isAbsolute(real) ? real : resolve(cwd, real);
    // A copy keeps the stat cache, so unchanged files are not read again; without one, start from HEAD.
    if (existsSync(realPath)) copyFileSync(realPath, index);
    const env = { GIT_INDEX_FILE: index };
    if (!existsSync(realPath)) await gitOut(git, ["read-tree", "HEAD"], { cwd, env });
    await gitOut(git, ["add", "-A", "--", "."], { cwd, env });
    return (await gitOut(git, ["write-tree"], { cwd, env })).trim();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export async function workspaceDiff(
  git: GitRunner,
  entry: WorkspaceEntry,
  options: { readonly color?: boolean; readonly patch?: boolean } = {},
): Promise<WorkspaceDiff> {
  const cwd = entry.path;
  const baseRef = await baseRefNow(git, cwd, entry.base, entry.baseCommit);
  const mergeBase = (await gitOut(git, ["merge-base", baseRef, "HEAD"], { cwd })).trim();
  const tree = await snapshotTree(git, cwd);
  const files = parseNumstat(await gitOut(git, ["diff", "--numstat", "-z", "-M", mergeBase, tree], { cwd }));
  const patch =
    options.patch === false
      ? ""
      : await gitOut(git, ["diff", "-M", options.color ? "--color=always" : "--no-color", mergeBase, tree], { cwd });
  return {
    mergeBase,
    tree,
    files,
    added: files.reduce((n, f) => n + (f.added ?? 0), 0),
    removed: files.reduce((n, f) => n + (f.removed ?? 0), 0),
    patch,
  };
}

/** `git diff --numstat -z`: "A\tR\tpath\0", or for a rename "A\tR\t\0old\0new\0"; "-" counts mean binary. */
export function parseNumstat(text: string): FileChange[] {
  const parts = text.split("\0");
  const out: FileChange[] = [];
  for (let i = 0; i < parts.length; i++) {
    const head = parts[i]!;
    if (head === "") continue;
    const [a = "-", r = "-", path = ""] = head.split("\t");
    const count = (s: string) => (s === "-" ? null : Number(s));
    if (path === "") {
      const from = parts[++i] ?? "";
      const to = parts[++i] ?? "";
      out.push({ path: to, from, added: count(a), removed: count(r) });
    } else out.push({ path, added: count(a), removed: count(r) });
  }
  return out;
}
