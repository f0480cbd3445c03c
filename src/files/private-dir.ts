/**
 * Every folder hmux makes is made here, and each is 0700 — its owner alone may list or enter it —
 * whatever the umask and however open the folder it lands in. A session's isolated HOME holds
 * the harness's transcripts, which the harness writes with its own umask (0644): only a closed
 * folder above them keeps other users out, so the mode is set on each folder this makes, parents
 * included, and never left to the umask. A folder that already exists is left as it is: it may be
 * the user's own (~/.local/state), and the folders below it that hmux makes are what close it.
 * (The harness keeps its umask: a 077 one would also narrow the files it writes into the project.)
 * test/unit/files/private-dir.test.ts keeps every other module from making a folder itself.
 */
import { chmodSync, mkdirSync, mkdtempSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

export const PRIVATE_DIR_MODE = 0o700;

/** Makes `path` and every missing parent, each 0700; returns the resolved path. An existing folder is kept as it is. */
export function makePrivateDir(path: string): string {
  const target = resolve(path);
  const missing: string[] = [];
  for (let at = target; !isPresent(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const dir of missing.reverse()) makeOne(dir, { exclusive: false });
  return target;
}

/**
 * Makes `path` itself, 0700, failing with EEXIST when it is there already (a lock, or a folder a
 * run must start empty); its missing parents are made as makePrivateDir makes them.
 */
export function makePrivateDirExclusive(path: string): string {
  const target = resolve(path);
  makePrivateDir(dirname(target));
  makeOne(target, { exclusive: true });
  return target;
}

/** A new folder with a unique name `<prefix>XXXXXX` in `parent` (made when missing), 0700. */
export function makePrivateTempDir(parent: string, prefix: string): string {
  const dir = mkdtempSync(join(makePrivateDir(parent), prefix));
  chmodSync(dir, PRIVATE_DIR_MODE); // mkdtemp asks for 0700, but a stricter umask narrows it
  return dir;
}

function makeOne(dir: string, how: { readonly exclusive: boolean }): void {
  try {
    mkdirSync(dir, { mode: PRIVATE_DIR_MODE });
  } catch (err) {
    // Made meanwhile by someone else (another hmux): theirs to keep as it is, unless this one had to make it.
    if (how.exclusive || (err as NodeJS.ErrnoException).code !== "EEXIST" || !isPresent(dir)) throw err;
    return;
  }
  // The umask can only narrow the mode mkdir asked for; this sets exactly 0700 (a 0277 umask would leave 0500).
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** A folder is there (through a symlink too: the path is used as it is). A file in the way is mkdir's error to report. */
function isPresent(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
