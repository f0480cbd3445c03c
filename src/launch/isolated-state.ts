/**
 * Where `hmux run … --isolate` keeps a turn's isolated HOME, so `--resume <id> --isolate` can
 * find the harness's session store again (claude, codex and pi file sessions below their HOME /
 * config dir, which --isolate points into the state dir).
 *
 * Layout, below $XDG_STATE_HOME/hmux/isolated (XDG_STATE_HOME defaults to ~/.local/state):
 *   run-XXXXXX/        one isolated state dir per fresh --isolate turn (HOME, config dirs)
 *   <sessionId>  →     a symlink to its run-XXXXXX, written when the identity event arrives
 *
 * Lifetime: a fresh turn that never announced a session id holds nothing to resume, so its
 * run dir is removed when the turn ends. A dir with an index entry is kept until the user deletes
 * both (`rm -r <root>/<id> <root>/run-…`); a resumed turn reuses its dir and creates none. A run
 * dir left without an index entry (hmux killed with SIGKILL mid-turn) is swept by the next
 * isolated run once it is older than ORPHAN_AGE_MS.
 */
import { lstatSync, readdirSync, readlinkSync, renameSync, rmSync, statSync, symlinkSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { makePrivateTempDir } from "../files/private-dir.js";

export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;
const RUN_PREFIX = "run-";

/** <XDG_STATE_HOME or HOME/.local/state>/hmux/isolated; a relative XDG_STATE_HOME is ignored, as the XDG spec says. */
export function isolatedRoot(env: Readonly<Record<string, string | undefined>>): string {
  const xdg = env.XDG_STATE_HOME;
  const base = xdg?.startsWith("/") ? xdg : join(env.HOME || "/", ".local", "state");
  return join(base, "hmux", "isolated");
}

/** An id that is safe as one file name: what claude (UUID), codex and pi (UUIDv7) announce. */
export function isIndexableSessionId(id: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(id) && !id.startsWith(RUN_PREFIX);
}

/** A new, empty isolated state dir below the root (created with the root, mode 0700). */
export function createIsolatedState(root: string): string {
  return makePrivateTempDir(root, RUN_PREFIX);
}

/** The state dir an earlier isolated turn recorded for this session id, if it still exists. */
export function findIsolatedState(root: string, sessionId: string): string | undefined {
  if (!isIndexableSessionId(sessionId)) return undefined;
  const link = join(root, sessionId);
  try {
    const target = resolve(root, readlinkSync(link));
    return statSync(target).isDirectory() ? target : undefined;
  } catch {
    return undefined;
  }
}

/** Index `sessionId` → `dir` (atomic: a temporary link renamed over any old one). False when the id cannot be a file name. */
export function recordIsolatedState(root: string, sessionId: string, dir: string): boolean {
  if (!isIndexableSessionId(sessionId)) return false;
  if (findIsolatedState(root, sessionId) === resolve(dir)) return true;
  const tmp = join(root, `.${sessionId}.${process.pid}.tmp`);
  rmSync(tmp, { force: true });
  // Relative, so the index survives moving the whole state root.
  symlinkSync(dir.startsWith(root) ? basename(dir) : dir, tmp);
  renameSync(tmp, join(root, sessionId));
  return true;
}

/** Every run dir some index entry points at. */
function indexedDirs(root: string): Set<string> {
  const out = new Set<string>();
  for (const name of safeList(root)) {
    if (name.startsWith(RUN_PREFIX) || name.startsWith(".")) continue;
    const found = findIsolatedState(root, name);
    if (found) out.add(found);
  }
  return out;
}

/** The turn ended: drop its run dir unless an index entry needs it. Returns whether it was removed. */
export function releaseIsolatedState(root: string, dir: string): boolean {
  if (indexedDirs(root).has(resolve(dir))) return false;
  rmSync(dir, { recursive: true, force: true });
  return true;
}

/** Removes run dirs no index entry points at and older than maxAgeMs (a killed hmux's leftovers). */
export function sweepOrphanedStates(root: string, now: number, maxAgeMs = ORPHAN_AGE_MS): string[] {
  const keep = indexedDirs(root);
  const removed: string[] = [];
  for (const name of safeList(root)) {
    if (!name.startsWith(RUN_PREFIX)) continue;
    const dir = join(root, name);
    try {
      const st = lstatSync(dir);
      if (!st.isDirectory() || keep.has(dir) || now - st.mtimeMs < maxAgeMs) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // raced with another hmux: nothing to do
    }
  }
  return removed;
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
