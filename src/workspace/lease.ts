/**
 * A launch's hold on a workspace: `openWorkspace` finds or creates the worktree for a launch
 * (`--worktree [NAME]`, `--base REF`, or config `workspace.worktree: "auto"`), copies the
 * `.worktreeinclude` files in, and records the launch's session as the one holding it. A lease is
 * keyed by session id, not by process: the server and the TUI run many sessions in one process, and
 * a worktree belongs to one live session whichever entry point asks (run, session, TUI pane,
 * `hmux new`, resume, race contestant). A holder is live while its process runs and it has not
 * been released; a second live session is refused here, once for every path.
 * The entry point then plans the launch with the worktree as its cwd, runs the setup command, and
 * at the end `release`s the lease — or `abandon`s it when the launch was refused, which removes
 * a worktree this launch created (nothing of anyone's is in it yet).
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import type { LoadedConfigs } from "../core/config/load.js";
import type { Clock, Spawner } from "../core/exec/ports.js";
import type { LaunchWorkspace } from "../core/launch/types.js";
import type { ProvenanceTier } from "../core/options/types.js";
import { addWorktree, discardWorktree, freeName } from "./create.js";
import { WorkspaceError } from "./errors.js";
import type { GitRunner } from "./git.js";
import { copyIncludedFiles } from "./include.js";
import { checkWorkspaceName, type Env, worktreesRoot } from "./paths.js";
import {
  describeHolder,
  liveHolders,
  type WorkspaceEntry,
  type WorkspaceHolder,
  type WorkspaceRegistry,
} from "./registry.js";
import { repoFacts, resolveBase } from "./repo.js";
import { resolveWorkspaceSettings, type WorkspaceSettings } from "./settings.js";
import { runSetup } from "./setup.js";
import { recordTurnStart } from "./turns.js";

export interface WorkspacePorts {
  readonly git: GitRunner;
  readonly spawner: () => Spawner;
  readonly clock: Clock;
  readonly env: Env;
  /** The hmux process that will hold the session (its liveness is the session's). */
  readonly pid: number;
  readonly registry: () => WorkspaceRegistry;
  readonly alive?: (pid: number) => boolean;
}

export interface WorktreeRequest {
  /** Where the user launched from (absolute). */
  readonly cwd: string;
  /** --worktree (true), --worktree NAME, --no-worktree (false), or not given. */
  readonly flag: string | boolean | undefined;
  readonly base?: string;
  readonly harness: string;
  /** The session that will hold the worktree (the lease's key); a resumed session passes its own id again. */
  readonly sessionId: string;
  readonly configs: Pick<LoadedConfigs, "user" | "project" | "projectTrust">;
}

export interface WorkspaceLease {
  readonly entry: WorkspaceEntry;
  /** This launch's holder: releasing takes out exactly it (not another session's, nor a later resume's). */
  readonly holder: WorkspaceHolder;
  /** This launch created the worktree (so abandoning the launch removes it). */
  readonly fresh: boolean;
  /** What the launch pipeline records as the session's workspace (provenance). */
  readonly launch: LaunchWorkspace;
  readonly settings: WorkspaceSettings;
  /** Lines for stderr: what was created or reused, files copied in, warnings. */
  readonly notes: readonly string[];
}

/** The workspace for this launch, or null when the launch runs in `cwd` itself. */
export async function openWorkspace(ports: WorkspacePorts, request: WorktreeRequest): Promise<WorkspaceLease | null> {
  const settings = resolveWorkspaceSettings(request.configs);
  const notes = [...settings.notes];
  const wanted = request.flag === false ? false : request.flag !== undefined ? true : settings.worktree === "auto";
  if (!wanted) {
    if (request.base !== undefined)
      throw new WorkspaceError("--base names where a new worktree starts, but this launch makes no worktree", {
        issue: "unknown-base",
        hint: 'add --worktree (or set config workspace.worktree to "auto"), or drop --base',
      });
    return null;
  }
  const tier: ProvenanceTier = request.flag !== undefined ? "arg" : (settings.worktreeTier ?? "arg");
  const git = ports.git;
  // "auto" means "wherever git can": outside a repository the launch runs in place; only --worktree insists.
  if (request.flag === undefined && !(await insideRepo(git, request.cwd))) {
    if (request.base !== undefined)
      throw new WorkspaceError(`--base needs a git repository, and ${request.cwd} is not inside one`, {
        issue: "not-a-git-repository",
        hint: "run from inside a git repository (or pass --cwd), or drop --base",
      });
    return null;
  }
  const repo = await repoFacts(git, request.cwd);
  const registry = ports.registry();
  const named = typeof request.flag === "string" ? checkWorkspaceName(request.flag) : undefined;

  if (named !== undefined) {
    const existing = registry.list().find((e) => e.repo === repo.repo && e.name === named);
    if (existing && existsSync(existing.path)) return reuse(ports, registry, existing, request, settings, notes, tier);
  }

  const root = worktreesRoot(ports.env, settings.root);
  const base = await resolveBase(git, repo.toplevel, request.base);
  const taken = new Set(
    registry
      .list()
      .filter((e) => e.repo === repo.repo)
      .map((e) => e.name),
  );
  const name = await freeName(git, repo, root, named ?? `${request.harness}-${randomBytes(3).toString("hex")}`, taken);
  if (named !== undefined && name !== named)
    notes.push(`workspace: branch hmux/${named} or its folder is taken (not by an hmux workspace here); using ${name}`);
  const created = await addWorktree(git, repo, root, name, base);
  const mine = holder(ports, request);
  const entry: WorkspaceEntry = {
    name,
    repo: repo.repo,
    repoName: repo.repoName,
    path: created.path,
    branch: created.branch,
    base: base.name,
    baseCommit: base.commit,
    createdAt: new Date(ports.clock.now()).toISOString(),
    holders: [mine],
    sessions: [request.sessionId],
  };
  try {
    registry.update((entries) => {
      entries.push(entry);
    });
    const included = await copyIncludedFiles(git, repo.toplevel, created.path);
    if (included.copied.length > 0)
      notes.push(
        `workspace: copied ${included.copied.length} file(s) from .worktreeinclude: ${included.copied.join(", ")}`,
      );
    notes.push(...included.warnings.map((w) => `warning: ${w}`));
  } catch (err) {
    await removeFresh(ports, registry, entry);
    throw err;
  }
  const uncommitted = await uncommittedIn(git, repo.toplevel);
  if (uncommitted > 0)
    notes.push(
      `warning: ${repo.toplevel} has ${uncommitted} uncommitted change(s) that the new worktree does not have: it starts from ${base.name} @ ${base.commit.slice(0, 12)}`,
    );
  notes.unshift(
    `workspace: ${name} at ${created.path} (branch ${created.branch} from ${base.name} @ ${base.commit.slice(0, 12)})`,
  );
  return { entry, holder: mine, fresh: true, launch: launchWorkspace(entry, tier), settings, notes };
}

function reuse(
  ports: WorkspacePorts,
  registry: WorkspaceRegistry,
  existing: WorkspaceEntry,
  request: WorktreeRequest,
  settings: WorkspaceSettings,
  notes: string[],
  tier: ProvenanceTier,
): WorkspaceLease {
  if (request.base !== undefined && request.base !== existing.base)
    notes.push(
      `workspace: ${existing.name} already exists on base ${existing.base}; --base ${request.base} applies only to a new worktree`,
    );
  const mine = holder(ports, request);
  // Checked and taken under the registry's lock, so two launches at once cannot both get it.
  const updated = registry.update((entries) => {
    const at = entries.findIndex((e) => e.repo === existing.repo && e.name === existing.name);
    const current = entries[at] ?? existing;
    const others = otherLiveHolders(current, request.sessionId, ports.alive);
    if (others.length > 0) throw inUse(current, others);
    const known = current.sessions ?? [];
    const next = {
      ...current,
      holders: [mine], // no other live holder; the dead ones go
      sessions: known.includes(request.sessionId) ? known : [...known, request.sessionId],
    };
    if (at === -1) entries.push(next);
    else entries[at] = next;
    return next;
  });
  notes.unshift(
    `workspace: reusing ${updated.name} at ${updated.path} (branch ${updated.branch}, base ${updated.base})`,
  );
  return {
    entry: updated,
    holder: mine,
    fresh: false,
    launch: launchWorkspace(updated, tier),
    settings,
    notes,
  };
}

/**
 * The live holders that are not this session. Its own holder (a resumed session, or one whose
 * process died without releasing) is taken over, never counted against it.
 */
function otherLiveHolders(
  entry: WorkspaceEntry,
  sessionId: string,
  alive: ((pid: number) => boolean) | undefined,
): WorkspaceHolder[] {
  return liveHolders(entry, alive).filter((h) => h.sessionId !== sessionId);
}

function inUse(entry: WorkspaceEntry, holders: readonly WorkspaceHolder[]): WorkspaceError {
  return new WorkspaceError(
    `workspace ${entry.name} is in use by ${holders.map(describeHolder).join(", ")}; two agents in one worktree overwrite each other`,
    {
      issue: "workspace-in-use",
      hint: "pick another --worktree NAME, or wait for that session to end",
    },
  );
}

/** Tracked files changed in a checkout (staged or not): what a worktree made from its HEAD will not see. */
async function uncommittedIn(git: GitRunner, cwd: string): Promise<number> {
  const result = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=no"], { cwd });
  return result.code === 0 ? result.stdout.split("\0").filter((s) => s !== "").length : 0;
}

async function insideRepo(git: GitRunner, cwd: string): Promise<boolean> {
  return (await git.run(["rev-parse", "--show-toplevel"], { cwd }).catch(() => ({ code: 1 }))).code === 0;
}

function holder(ports: WorkspacePorts, request: WorktreeRequest): WorkspaceHolder {
  return {
    pid: ports.pid,
    harness: request.harness,
    sessionId: request.sessionId,
    since: new Date(ports.clock.now()).toISOString(),
  };
}

function sameHolder(a: WorkspaceHolder, b: WorkspaceHolder): boolean {
  return a.sessionId === b.sessionId && a.pid === b.pid && a.since === b.since;
}

function launchWorkspace(entry: WorkspaceEntry, tier: ProvenanceTier): LaunchWorkspace {
  return {
    name: entry.name,
    path: entry.path,
    branch: entry.branch,
    base: entry.base,
    baseCommit: entry.baseCommit,
    tier,
  };
}

/** Runs config `workspace.setup` in a fresh worktree (a reused one was set up when it was made). */
export async function setUpWorkspace(
  ports: WorkspacePorts,
  lease: WorkspaceLease,
  onOutput: (text: string) => void,
): Promise<void> {
  const command = lease.settings.setup;
  if (!lease.fresh || command === undefined) return;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(ports.env)) if (v !== undefined) env[k] = v;
  Object.assign(env, {
    HMUX_WORKSPACE_NAME: lease.entry.name,
    HMUX_WORKSPACE_PATH: lease.entry.path,
    HMUX_WORKSPACE_BASE: lease.entry.base,
    HMUX_ROOT_PATH: lease.entry.repo,
  });
  await runSetup(
    { spawner: ports.spawner(), clock: ports.clock },
    { command, cwd: lease.entry.path, env, timeoutMs: lease.settings.setupTimeoutSeconds * 1000, onOutput },
  );
}

/** The session ended: its holder goes (the worktree stays, and so do other sessions' holders). */
export function releaseWorkspace(ports: WorkspacePorts, lease: WorkspaceLease): void {
  ports.registry().update((entries) => {
    const at = entries.findIndex((e) => e.repo === lease.entry.repo && e.name === lease.entry.name);
    const current = entries[at];
    if (current) entries[at] = { ...current, holders: current.holders.filter((h) => !sameHolder(h, lease.holder)) };
  });
}

/** The launch was refused after the workspace was opened: a worktree it created goes, a reused one is released. */
export async function abandonWorkspace(ports: WorkspacePorts, lease: WorkspaceLease): Promise<void> {
  if (!lease.fresh) {
    releaseWorkspace(ports, lease);
    return;
  }
  await removeFresh(ports, ports.registry(), lease.entry);
}

async function removeFresh(ports: WorkspacePorts, registry: WorkspaceRegistry, entry: WorkspaceEntry): Promise<void> {
  await discardWorktree(ports.git, entry.repo, entry.path, entry.branch, entry.baseCommit);
  registry.update((entries) => {
    const at = entries.findIndex((e) => e.repo === entry.repo && e.name === entry.name);
    if (at !== -1) entries.splice(at, 1);
  });
}

/**
 * Captures the worktree as a turn begins (see turns.ts). Resolves with null, or with a line saying
 * why the snapshot failed: a missing snapshot costs the per-turn view, never the session.
 */
export async function snapshotTurn(
  ports: WorkspacePorts,
  lease: WorkspaceLease,
  turnId: string,
): Promise<string | null> {
  try {
    await recordTurnStart(ports.git, ports.registry(), lease.entry, turnId, new Date(ports.clock.now()));
    return null;
  } catch (err) {
    return `workspace ${lease.entry.name}: no snapshot of turn ${turnId} (${(err as Error).message}); hmux diff --turn cannot show it`;
  }
}

/**
 * A launch that lands in an existing workspace's folder without asking for one (a resumed session
 * returning to its worktree) holds it like any other: `workspace rm` then sees the live session.
 * Null when the folder is no workspace.
 */
export function claimWorkspaceAt(
  ports: WorkspacePorts,
  path: string,
  who: { readonly harness: string; readonly sessionId: string },
): WorkspaceLease | null {
  const registry = ports.registry();
  const existing = registry.list().find((e) => e.path === path);
  if (!existing) return null;
  const request: WorktreeRequest = {
    cwd: path,
    flag: existing.name,
    harness: who.harness,
    sessionId: who.sessionId,
    configs: { projectTrust: { trusted: false, root: null, userConfigPath: null } },
  };
  return reuse(ports, registry, existing, request, resolveWorkspaceSettings(request.configs), [], "arg");
}
