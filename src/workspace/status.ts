/**
 * What a workspace holds that its base does not, each fact asked of git in the worktree: the
 * branch checked out, commits ahead of / behind the base, files with uncommitted changes, commits
 * that exist nowhere else (not in the base, not on any remote branch), and the disk it uses.
 */
import { existsSync, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { type GitRunner, gitOut, gitProbe, nulList } from "./git.js";
import { liveHolders, type WorkspaceEntry, type WorkspaceHolder } from "./registry.js";
import { baseRefNow } from "./repo.js";

export interface WorkspaceStatus {
  readonly entry: WorkspaceEntry;
  /** The worktree folder still exists and git still knows it as a worktree. */
  readonly present: boolean;
  /** The branch checked out now (null on a detached HEAD or a missing worktree). */
  readonly branch: string | null;
  readonly ahead: number;
  readonly behind: number;
  /** `git status --porcelain` lines: modified, staged, deleted and untracked files (not ignored ones). */
  readonly dirty: readonly string[];
  /** `<short sha> <subject>` of each commit reachable only from this workspace. */
  readonly unmerged: readonly string[];
  readonly diskBytes: number;
  readonly live: readonly WorkspaceHolder[];
}

export async function workspaceStatus(
  git: GitRunner,
  entry: WorkspaceEntry,
  alive?: (pid: number) => boolean,
): Promise<WorkspaceStatus> {
  const live = liveHolders(entry, alive);
  const present =
    existsSync(entry.path) && (await gitProbe(git, ["rev-parse", "--git-dir"], { cwd: entry.path })) !== null;
  if (!present) {
    // The folder is gone; the branch may still hold commits (unless the repository went too).
    const unmerged = existsSync(entry.repo)
      ? await unmergedCommits(git, entry.repo, `refs/heads/${entry.branch}`, entry)
      : [];
    return { entry, present, branch: null, ahead: 0, behind: 0, dirty: [], unmerged, diskBytes: 0, live };
  }
  const cwd = entry.path;
  const branch = await gitProbe(git, ["symbolic-ref", "--quiet", "--short", "HEAD"], { cwd });
  const baseRef = await baseRefNow(git, cwd, entry.base, entry.baseCommit);
  const counts = (await gitOut(git, ["rev-list", "--left-right", "--count", `${baseRef}...HEAD`], { cwd })).trim();
  const [behind = 0, ahead = 0] = counts.split(/\s+/).map(Number);
  const dirty = porcelain(await gitOut(git, ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd }));
  const unmerged = await unmergedCommits(git, cwd, "HEAD", entry);
  return { entry, present, branch, ahead, behind, dirty, unmerged, diskBytes: diskUse(entry.path), live };
}

/** Commits on `tip` that neither the base (as it is now, or as it was) nor any remote branch has. */
async function unmergedCommits(git: GitRunner, cwd: string, tip: string, entry: WorkspaceEntry): Promise<string[]> {
  if ((await gitProbe(git, ["rev-parse", "--verify", "--quiet", tip], { cwd })) === null) return [];
  const baseRef = await baseRefNow(git, cwd, entry.base, entry.baseCommit);
  const out = await gitOut(git, ["log", "--format=%h %s", tip, "--not", baseRef, entry.baseCommit, "--remotes", "--"], {
    cwd,
  });
  return out.split("\n").filter((l) => l !== "");
}

/** `XY path` per entry of `git status --porcelain -z` (a rename's second path is folded in). */
function porcelain(text: string): string[] {
  const parts = nulList(text);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const item = parts[i]!;
    out.push(item);
    if (item[0] === "R" || item[0] === "C") i++; // the source path of a rename or copy follows
  }
  return out;
}

/** Bytes of disk the folder's files take (allocated blocks, symlinks not followed). */
export function diskUse(path: string): number {
  let total = 0;
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(dir, name);
      try {
        const st = lstatSync(full);
        total += st.blocks * 512;
        if (st.isDirectory()) walk(full);
      } catch {
        // vanished while walking: an agent may be writing
      }
    }
  };
  walk(path);
  return total;
}

export function humanBytes(n: number): string {
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
