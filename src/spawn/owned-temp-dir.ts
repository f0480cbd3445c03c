/**
 * hmux's scratch dirs in the system temp dir (a session's isolated HOME, a native pane's state,
 * the hook socket's dir, a version probe's HOME, a diff's index) are removed when their user
 * ends, or when hmux exits; a SIGKILL leaves them. Their names carry the pid that made them
 * (src/core/temp-owner.ts), and each hmux command that may start a harness (the ones that build
 * the app context) first sweeps away those whose maker is dead.
 *
 * The sweep removes only what is provably a stale dir of this user's hmux: a real directory (a
 * symlink is never followed), owned by this uid, named by ownedTempPrefix, whose pid no process
 * runs (a zombie, killed but not reaped, runs nothing: src/files/pid-alive.ts), in a temp dir
 * where no other user can swap an entry (sticky, or writable by its owner alone). A hmux in another pid namespace sharing this temp dir looks dead from here: such a
 * setup gives each namespace its own TMPDIR.
 */
import { lstatSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tempOwnerPid } from "../core/temp-owner.js";
import { pidAlive } from "../files/pid-alive.js";

export interface SweepOptions {
  /** The temp dir to sweep; the system's when absent. */
  readonly root?: string;
  /** Whose dirs may go; this process's uid when absent. */
  readonly uid?: number;
  /** Whether a pid names a live process; pid-alive.ts (a zombie is not) when absent. */
  readonly alive?: (pid: number) => boolean;
}

/** Removes the dirs a dead hmux of this user left in the temp dir; returns the paths removed. */
export function sweepStaleTempDirs(options: SweepOptions = {}): string[] {
  const root = options.root ?? tmpdir();
  const uid = options.uid ?? process.getuid?.();
  if (uid === undefined || !othersCannotSwap(root)) return [];
  const alive = options.alive ?? pidAlive;
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  for (const name of names) {
    const pid = tempOwnerPid(name);
    if (pid === undefined || alive(pid)) continue;
    const path = join(root, name);
    try {
      const st = lstatSync(path);
      if (!st.isDirectory() || st.uid !== uid) continue;
      // rm does not follow the symlinks below the dir either: it unlinks them.
      rmSync(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // gone meanwhile, or a file inside not ours to remove: left as it is
    }
  }
  return removed;
}

/** Whether no other user can rename or replace an entry of the dir between the check and the removal. */
function othersCannotSwap(root: string): boolean {
  try {
    const st = statSync(root);
    return (st.mode & 0o1000) !== 0 || (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}
