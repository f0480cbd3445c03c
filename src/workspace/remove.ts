/**
 * Removing a workspace without losing work. `removeWorkspace` refuses — with what would be lost —
 * while a session lives in it, while it holds uncommitted changes, or while its branch holds
 * commits that neither the base nor any remote branch has; `force` overrides. Removal is git's:
 * `git worktree remove`, then `git branch -D hmux/<name>` (kept with keepBranch).
 * `collectGarbage` removes orphans (no live session) that are clean and reports the rest.
 */
import { existsSync } from "node:fs";
import { WorkspaceError } from "./errors.js";
import { type GitRunner, gitProbe, gitReason } from "./git.js";
import { describeHolder, type WorkspaceEntry, type WorkspaceRegistry } from "./registry.js";
import { type WorkspaceStatus, workspaceStatus } from "./status.js";

export interface RemoveOptions {
  readonly force?: boolean;
  /** Remove the worktree but keep its branch (its commits then stay reachable). */
  readonly keepBranch?: boolean;
  readonly alive?: (pid: number) => boolean;
}

export interface Removed {
  readonly entry: WorkspaceEntry;
  readonly branchDeleted: boolean;
  /** With force: what was thrown away, said once more. */
  readonly discarded: readonly string[];
}

/** The workspace named NAME (or REPO/NAME when names repeat across repositories). */
export function findWorkspace(registry: WorkspaceRegistry, spec: string): WorkspaceEntry {
  const all = registry.list();
  const slash = spec.lastIndexOf("/");
  const matches =
    slash === -1
      ? all.filter((e) => e.name === spec)
      : all.filter(
          (e) =>
            e.name === spec.slice(slash + 1) &&
            (e.repoName === spec.slice(0, slash) || e.repo === spec.slice(0, slash)),
        );
  if (matches.length === 1) return matches[0]!;
  if (matches.length === 0) {
    const known = all.map((e) => `${e.repoName}/${e.name}`);
    throw new WorkspaceError(`no workspace named ${JSON.stringify(spec)}`, {
      issue: "unknown-workspace",
      hint: known.length > 0 ? `known: ${known.join(", ")}` : "hmux workspace ls lists them; none exist yet",
    });
  }
  throw new WorkspaceError(`${matches.length} workspaces are named ${JSON.stringify(spec)}`, {
    issue: "ambiguous-workspace",
    hint: `name it with its repository: ${matches.map((e) => `${e.repoName}/${e.name}`).join(" or ")}`,
  });
}

const SHOWN = 10;

function listed(items: readonly string[]): string {
  const head = items.slice(0, SHOWN).join("; ");
  return items.length > SHOWN ? `${head}; … and ${items.length - SHOWN} more` : head;
}

/** The first reason removing this workspace would lose something, as a typed refusal; null when nothing would. */
export function removalRefusal(
  status: WorkspaceStatus,
  options: { readonly keepBranch?: boolean },
): WorkspaceError | null {
  const { entry } = status;
  if (status.live.length > 0) {
    return new WorkspaceError(
      `workspace ${entry.name} is in use by ${status.live.map(describeHolder).join(", ")}: removing it would pull the files out from under a running agent`,
      { issue: "workspace-in-use", hint: "end that session first, or pass --force" },
    );
  }
  if (status.dirty.length > 0) {
    return new WorkspaceError(
      `workspace ${entry.name} has ${status.dirty.length} uncommitted change(s) that removing it would lose: ${listed(status.dirty)}`,
      {
        issue: "workspace-uncommitted-changes",
        hint: `commit them in ${entry.path} (or hmux diff ${entry.name} to look first), or pass --force`,
      },
    );
  }
  // Keeping the branch keeps its commits only when they are on it (not on a detached HEAD).
  const branchKeepsThem = options.keepBranch === true && (status.branch === entry.branch || !status.present);
  if (status.unmerged.length > 0 && !branchKeepsThem) {
    return new WorkspaceError(
      `workspace ${entry.name}'s branch ${entry.branch} has ${status.unmerged.length} commit(s) that are neither in ${entry.base} nor on any remote branch, which deleting the branch would lose: ${listed(status.unmerged)}`,
      {
        issue: "workspace-unmerged-commits",
        hint: `merge or push ${entry.branch} first, pass --keep-branch to keep the branch, or --force`,
      },
    );
  }
  return null;
}

/** What removing anyway throws away, in a few words each ("1 uncommitted change(s): ?? x"). */
function lossOf(status: WorkspaceStatus, options: { readonly keepBranch?: boolean }): string[] {
  const { entry } = status;
  const out: string[] = [];
  if (status.live.length > 0) out.push(`the worktree of ${status.live.map(describeHolder).join(", ")}`);
  if (status.dirty.length > 0) out.push(`${status.dirty.length} uncommitted change(s): ${listed(status.dirty)}`);
  const branchKeepsThem = options.keepBranch === true && (status.branch === entry.branch || !status.present);
  if (status.unmerged.length > 0 && !branchKeepsThem)
    out.push(`${status.unmerged.length} unmerged commit(s) of ${entry.branch}: ${listed(status.unmerged)}`);
  return out;
}

export async function removeWorkspace(
  git: GitRunner,
  registry: WorkspaceRegistry,
  entry: WorkspaceEntry,
  options: RemoveOptions = {},
): Promise<Removed> {
  const status = await workspaceStatus(git, entry, options.alive);
  const refusal = removalRefusal(status, options);
  if (refusal && !options.force) throw refusal;
  const discarded = refusal ? lossOf(status, options) : [];
  if (!existsSync(entry.repo) && !existsSync(entry.path)) {
    // Repository and worktree are both gone: only the registry still remembers them.
    forget(registry, entry);
    return { entry, branchDeleted: false, discarded };
  }
  if (existsSync(entry.path)) {
    const result = await git.run(["worktree", "remove", ...(options.force ? ["--force", "--force"] : []), entry.path], {
      cwd: entry.repo,
    });
    if (result.code !== 0)
      throw new WorkspaceError(`git could not remove the worktree ${entry.path}: ${gitReason(result)}`, {
        issue: "git-failed",
        hint: options.force
          ? "remove the folder yourself, then run git worktree prune"
          : "pass --force to remove it anyway",
      });
  }
  await git.run(["worktree", "prune"], { cwd: entry.repo });
  let branchDeleted = false;
  const branchTip = await gitProbe(git, ["rev-parse", "--verify", "--quiet", `refs/heads/${entry.branch}`], {
    cwd: entry.repo,
  });
  if (!options.keepBranch && branchTip !== null) {
    const result = await git.run(["branch", "-D", entry.branch], { cwd: entry.repo });
    branchDeleted = result.code === 0;
  }
  forget(registry, entry);
  return { entry, branchDeleted, discarded };
}

function forget(registry: WorkspaceRegistry, entry: WorkspaceEntry): void {
  registry.update((entries) => {
    const at = entries.findIndex((e) => e.repo === entry.repo && e.name === entry.name);
    if (at !== -1) entries.splice(at, 1);
  });
}

export interface GcReport {
  readonly removed: readonly WorkspaceEntry[];
  /** Orphans kept because removing them would lose something, with why. */
  readonly kept: ReadonlyArray<{ readonly entry: WorkspaceEntry; readonly reason: string }>;
}

/** Orphans: workspaces no live session holds. Clean ones are removed (unless dryRun); the rest are listed. */
export async function collectGarbage(
  git: GitRunner,
  registry: WorkspaceRegistry,
  options: { readonly dryRun?: boolean; readonly alive?: (pid: number) => boolean } = {},
): Promise<GcReport & { readonly orphans: readonly WorkspaceStatus[] }> {
  const removed: WorkspaceEntry[] = [];
  const kept: Array<{ entry: WorkspaceEntry; reason: string }> = [];
  const orphans: WorkspaceStatus[] = [];
  for (const entry of registry.list()) {
    const status = await workspaceStatus(git, entry, options.alive);
    if (status.live.length > 0) continue;
    orphans.push(status);
    const refusal = removalRefusal(status, {});
    if (refusal) {
      kept.push({ entry, reason: refusal.message });
      continue;
    }
    if (!options.dryRun)
      await removeWorkspace(git, registry, entry, { ...(options.alive ? { alive: options.alive } : {}) });
    removed.push(entry);
  }
  return { removed, kept, orphans };
}
