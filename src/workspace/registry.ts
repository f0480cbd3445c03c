/**
 * The workspace registry: one JSON file under XDG state listing every worktree hmux created —
 * its repository, base and branch, and which hmux processes hold a session in it. Written
 * atomically (a private temporary file renamed over the old one) under a lock directory, so two
 * launches at once never lose each other's entry; the file is 0600 in a 0700 folder. Read back
 * through zod: a file that does not match is an error naming it, never silently replaced.
 */
import { readFileSync, renameSync, rmdirSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import * as z from "zod/mini";
import "../core/schema-locale.js";
import type { BlockingClock } from "../core/exec/ports.js";
import { pidAlive } from "../files/pid-alive.js";
import { makePrivateDir, makePrivateDirExclusive } from "../files/private-dir.js";
import { WorkspaceError } from "./errors.js";
import { type Env, registryPath } from "./paths.js";

const holderSchema = z.strictObject({
  /** The hmux process that runs the session (its liveness is the session's). */
  pid: z.number().check(z.int(), z.positive()),
  /** The session holding the worktree: a lease's key, since one process (the server, a TUI) runs many sessions. Absent only in registries written before leases were keyed by session. */
  sessionId: z.optional(z.string()),
  harness: z.optional(z.string()),
  since: z.string(),
});

const turnSchema = z.strictObject({
  turnId: z.string(),
  /** A git tree object holding the worktree's files as they were when the turn began. */
  tree: z.string(),
  at: z.string(),
});

const entrySchema = z.strictObject({
  name: z.string(),
  /** The main repository's top level (where the worktree was added from). */
  repo: z.string(),
  /** Short repository name used in the worktree path. */
  repoName: z.string(),
  path: z.string(),
  branch: z.string(),
  /** The base as the user named it (a branch, a tag, a commit). */
  base: z.string(),
  /** The commit the worktree started from. */
  baseCommit: z.string(),
  createdAt: z.string(),
  holders: z.array(holderSchema),
  /** Every hmux session id that ran here, so `hmux diff <session>` finds the workspace after the session ended. */
  sessions: z.optional(z.array(z.string())),
  /** The worktree's tree at the start of each turn (newest last), for "what did this turn change". */
  turns: z.optional(z.array(turnSchema)),
});

const fileSchema = z.strictObject({ version: z.literal(1), workspaces: z.array(entrySchema) });

export type WorkspaceHolder = z.infer<typeof holderSchema>;
export type WorkspaceEntry = z.infer<typeof entrySchema>;
export type TurnSnapshot = z.infer<typeof turnSchema>;
type RegistryFile = z.infer<typeof fileSchema>;

const LOCK_WAIT_MS = 5_000;
/** A lock older than this was left by a process that died mid-write. */
const LOCK_STALE_MS = 30_000;

export class WorkspaceRegistry {
  readonly path: string;
  /** `clock` times the lock's wait and judges a lock's age (the root's real one, or a test's). */
  constructor(
    env: Env,
    private readonly clock: BlockingClock,
    path: string = registryPath(env),
  ) {
    this.path = path;
  }

  list(): WorkspaceEntry[] {
    return this.read().workspaces;
  }

  /** Read, change and write back under the lock; returns what `change` returned. */
  update<T>(change: (entries: WorkspaceEntry[]) => T): T {
    return this.locked(() => {
      const file = this.read();
      const entries = [...file.workspaces];
      const result = change(entries);
      this.write({ version: 1, workspaces: entries });
      return result;
    });
  }

  private read(): RegistryFile {
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { version: 1, workspaces: [] };
      throw err;
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw registryError(this.path, `is not JSON (${(err as Error).message})`);
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) throw registryError(this.path, `does not match its schema: ${z.prettifyError(parsed.error)}`);
    return parsed.data;
  }

  private write(file: RegistryFile): void {
    makePrivateDir(dirname(this.path));
    const tmp = `${this.path}.${process.pid}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
  }

  private locked<T>(body: () => T): T {
    makePrivateDir(dirname(this.path));
    const lock = `${this.path}.lock`;
    const deadline = this.clock.now() + LOCK_WAIT_MS;
    for (;;) {
      try {
        makePrivateDirExclusive(lock);
        break;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
        if (lockAge(lock, this.clock.now()) > LOCK_STALE_MS) {
          rmdirSync(lock, { recursive: false });
          continue;
        }
        if (this.clock.now() > deadline)
          throw registryError(
            this.path,
            `is locked by another hmux (${lock}); remove that folder if no hmux is running`,
          );
        this.clock.sleepSync(25);
      }
    }
    try {
      return body();
    } finally {
      rmdirSync(lock);
    }
  }
}

function lockAge(lock: string, now: number): number {
  try {
    return now - statSync(lock).mtimeMs;
  } catch {
    return 0;
  }
}

function registryError(path: string, what: string): WorkspaceError {
  return new WorkspaceError(`the workspace registry ${path} ${what}`, {
    issue: "invalid-workspace-registry",
    hint: "fix or move the file aside; hmux never overwrites a registry it cannot read",
  });
}

/** Whether an hmux process is still running (a zombie, killed but not reaped, is not: pid-alive.ts). */
export function processAlive(pid: number): boolean {
  return pid === process.pid || pidAlive(pid);
}

/** The holders whose process still runs; a session that ended has released its holder already. */
export function liveHolders(entry: WorkspaceEntry, alive: (pid: number) => boolean = processAlive): WorkspaceHolder[] {
  return entry.holders.filter((h) => alive(h.pid));
}

/** A holder as messages and `workspace ls` name it: `pi session 1a2b3c4d in hmux pid 18317`. */
export function describeHolder(h: WorkspaceHolder): string {
  const session = h.sessionId !== undefined ? `session ${h.sessionId.slice(0, 8)}` : "a session";
  return `${h.harness !== undefined ? `${h.harness} ` : ""}${session} in hmux pid ${h.pid}`;
}
