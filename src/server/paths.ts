/**
 * Where the one server of this user lives: `$XDG_RUNTIME_DIR/hmux/server/` (else
 * `/tmp/hmux-<uid>/server/`), beside the per-session control sockets of `hmux session`. Its own
 * folder, because those are named `<session id>.sock` / `.token` and a session may be called
 * anything a file may: no session can take the server's names. In it: `socket` (0600), `token`
 * (0600, rewritten by every server that starts), `pid`, `log` (a daemon's stderr) and `lock`
 * (held only while a server is starting).
 *
 * The directory is the only thing between the socket and other users, so a directory that
 * another user owns, or that others may enter, is refused with the path and the fix — never
 * silently repaired, since its contents may already have been seen.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { makePrivateDir } from "../files/private-dir.js";
import { runtimeDir } from "../session/runtime-dir.js";
import { ServerError } from "./errors.js";

export interface ServerPaths {
  /** The runtime dir it sits in, which must be as private as its own. */
  readonly parent: string;
  readonly dir: string;
  readonly socket: string;
  readonly token: string;
  readonly pid: string;
  readonly log: string;
  readonly lock: string;
}

type Env = Readonly<Record<string, string | undefined>>;

export function serverPaths(env: Env): ServerPaths {
  const parent = runtimeDir(env);
  const dir = join(parent, "server");
  return {
    parent,
    dir,
    socket: join(dir, "socket"),
    token: join(dir, "token"),
    pid: join(dir, "pid"),
    log: join(dir, "log"),
    lock: join(dir, "lock"),
  };
}

export interface DirFacts {
  readonly isDirectory: boolean;
  readonly isSymbolicLink: boolean;
  readonly uid: number;
  readonly mode: number;
}

/** Why `dir` cannot hold the server's socket, or null when it is this user's and private. */
export function privateDirProblem(dir: string, facts: DirFacts, uid: number | undefined): ServerError | null {
  if (facts.isSymbolicLink || !facts.isDirectory)
    return new ServerError(
      "unsafe-dir",
      `${dir} is not a directory (a symbolic link or a file); refusing to put the hmux server's socket there`,
      `remove it (rm ${dir}) and run hmux again: it creates the directory with mode 0700`,
    );
  if (uid !== undefined && facts.uid !== uid)
    return new ServerError(
      "unsafe-dir",
      `${dir} belongs to uid ${facts.uid}, not to this user (uid ${uid}); refusing to put the hmux server's socket there`,
      `set XDG_RUNTIME_DIR to a directory of your own, or have ${dir} removed`,
    );
  if ((facts.mode & 0o077) !== 0)
    return new ServerError(
      "unsafe-dir",
      `${dir} has mode ${(facts.mode & 0o777).toString(8).padStart(4, "0")}: other users may enter it; refusing to put the hmux server's socket there`,
      `chmod 700 ${dir}`,
    );
  return null;
}

/** Creates the directories 0700 when missing; throws `unsafe-dir` for one that is not private. */
export function ensureServerDir(paths: Pick<ServerPaths, "parent" | "dir">): void {
  makePrivateDir(paths.dir);
  checkServerDir(paths.parent);
  checkServerDir(paths.dir);
}

/**
 * Throws `unsafe-dir` for a directory that is not private. A client checks before it connects:
 * in a directory others can write, the socket may be a stranger's, and the login would hand
 * it the token.
 */
export function checkServerDir(dir: string): void {
  const st = lstatSync(dir);
  const problem = privateDirProblem(
    dir,
    { isDirectory: st.isDirectory(), isSymbolicLink: st.isSymbolicLink(), uid: st.uid, mode: st.mode },
    process.getuid?.(),
  );
  if (problem) throw problem;
}
