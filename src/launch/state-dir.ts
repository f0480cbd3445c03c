/**
 * Where a launch keeps its state (an isolated HOME, a session's planned files): one rule by entry
 * kind, and one lifetime rule for all of them — a dir this launch made is kept only once it holds
 * something somebody can resume, and removed otherwise.
 *
 * - run: only an isolated turn has one: a fresh run-XXXXXX dir below the isolated root
 *   (isolated-state.ts), indexed by the harness's session id when the turn announces it, so
 *   `--resume <id> --isolate` finds it again; that resume reuses the dir; --resume-last is refused
 *   (a new, empty home has no most recent session).
 * - race-contestant: as run, but never indexed: nobody resumes a contestant, so it goes with the turn.
 * - session, server-create, server-resume: $XDG_STATE_HOME/hmux/sessions/<id>.d, or the dir the
 *   resumed journal names; kept once the session is resumable (journaled, with the harness's own
 *   id recorded), never removed when this launch did not make it (a journal's, a reused --session-id's).
 * - native: a pane with an endpoint gets a fresh private dir in the temp folder, owned by this
 *   process (swept if it dies), for the endpoint config its harness reads; it goes when the pane closes.
 */
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RefusalError } from "../core/refusal.js";
import { ownedTempPrefix } from "../core/temp-owner.js";
import { makePrivateTempDir } from "../files/private-dir.js";
import {
  createIsolatedState,
  findIsolatedState,
  recordIsolatedState,
  releaseIsolatedState,
  sweepOrphanedStates,
} from "./isolated-state.js";
import type { LaunchKind } from "./types.js";

export interface StateDir {
  readonly dir: string;
  /** Whether this launch made it (so it is this launch's to remove). */
  readonly fresh: boolean;
  /** A line saying where it is, for the launch's notes. */
  readonly note?: string;
  /** The harness announced its own session id: the dir may now be resumed from. Returns a line to say so, if any. */
  identity(harnessSessionId: string): string | undefined;
  /** The launch is over: the dir goes unless this launch did not make it or it became resumable. */
  release(): void;
}

/** An isolated one-shot turn's dir (run, race-contestant); `create: false` only names one (a dry plan). */
export function turnStateDir(
  kind: "run" | "race-contestant",
  need: { readonly resume?: string; readonly resumeLast: boolean },
  ports: { readonly isolated: string; readonly now: number },
  create = true,
): StateDir {
  const root = ports.isolated;
  if (need.resumeLast)
    throw new RefusalError(
      "--resume-last in an isolated run (--isolate, or pi with --endpoint) would look for the most recent session in a new, empty isolated home",
      {
        issue: "unsupported-on-resume",
        option: "resumeLast",
        hint: "resume an isolated session by its id: --resume <id> --isolate",
      },
    );
  if (need.resume !== undefined) {
    const dir = findIsolatedState(root, need.resume);
    if (dir === undefined)
      throw new RefusalError(
        `--isolate: no isolated state is recorded for session ${JSON.stringify(need.resume)} under ${root}`,
        {
          issue: "unsupported-on-resume",
          option: "resume",
          hint: "check the id from the earlier run's identity line, or drop --isolate to resume from your own HOME",
        },
      );
    // Kept: an earlier turn made it. Should the harness announce another id, that one finds it too.
    return {
      ...kept(dir, `isolated state (reused for ${need.resume}): ${dir}`),
      identity: (id) => {
        const line = indexLine(root, id, dir);
        return line.startsWith("isolated state kept") ? undefined : line;
      },
    };
  }
  if (!create) return kept(`${root}/run-XXXXXX`);
  sweepOrphanedStates(root, ports.now);
  const dir = createIsolatedState(root);
  let resumable = false;
  return {
    dir,
    fresh: true,
    note: `isolated state: ${dir}`,
    identity: (id) => {
      if (kind === "race-contestant") return undefined;
      const wasResumable = resumable;
      resumable = true;
      return wasResumable ? undefined : indexLine(root, id, dir);
    },
    release: () => {
      if (!resumable) releaseIsolatedState(root, dir);
    },
  };
}

/** A session's dir: the journal's when it resumes one, else one named by its id below the sessions dir. */
export function sessionStateDir(input: {
  readonly sessionId: string;
  /** The dir the resumed journal names. */
  readonly journaled?: string;
  /** Whether the session is journaled: only a journal can resume from the dir. */
  readonly journal: boolean;
  /** The sessions dir (the context's paths.sessions). */
  readonly sessions: string;
}): StateDir {
  if (input.journaled !== undefined) return kept(input.journaled);
  const dir = join(input.sessions, `${input.sessionId}.d`);
  // A dir already there (a reused --session-id) may belong to an earlier session: never ours to remove.
  if (existsSync(dir)) return kept(dir);
  let resumable = false;
  return {
    dir,
    fresh: true,
    identity: () => {
      if (input.journal) resumable = true;
      return undefined;
    },
    release: () => {
      if (!resumable) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A dir this launch did not make: used, never removed. */
function kept(dir: string, note?: string): StateDir {
  return { dir, fresh: false, ...(note ? { note } : {}), identity: () => undefined, release: () => {} };
}

/** Index the dir under the harness's id so --resume <id> --isolate finds it; the line says where it stays. */
function indexLine(root: string, id: string, dir: string): string {
  try {
    return recordIsolatedState(root, id, dir)
      ? `isolated state kept for --resume ${id} --isolate: ${dir}`
      : `isolated state not indexed: session id ${JSON.stringify(id)} is not a safe file name; it stays at ${dir}`;
  } catch (err) {
    return `isolated state not indexed (${(err as Error).message}); it stays at ${dir}`;
  }
}

/** The kinds whose runtime is one headless turn; the rest open a session. */
export function isTurnKind(kind: LaunchKind): kind is "run" | "race-contestant" {
  return kind === "run" || kind === "race-contestant";
}

/** A native pane's dir, made only when `needed` (it has an endpoint); removed once the pane is released. */
export function paneStateDir(needed: boolean, pid: number): Pick<StateDir, "dir" | "release"> | undefined {
  if (!needed) return undefined;
  const dir = makePrivateTempDir(tmpdir(), ownedTempPrefix("native", pid));
  return { dir, release: () => rmSync(dir, { recursive: true, force: true }) };
}

/** What a pane's plan is told its state dir is called while it is only planned (nothing is made). */
export function paneStateDirName(): string {
  return join(tmpdir(), "hmux-native-plan-check");
}
