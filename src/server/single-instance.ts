/**
 * Exactly one server per user. A starting server takes `server.lock` (created exclusively;
 * one left by a starter that died, or older than STALE_LOCK_MS, is broken), and under it:
 * a socket that still accepts means a server runs (this one stands down); a socket file that
 * refuses is a dead server's (removed); then the token is written (0600, renamed into place so
 * a reader never sees half of it), the socket listens (0600) and the pid is written. The token
 * exists before the socket accepts, so a client that connected always reads the current one.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import type { Clock } from "../core/exec/ports.js";
import { pidAlive } from "../files/pid-alive.js";
import { ServerError } from "./errors.js";
import { ensureServerDir, type ServerPaths } from "./paths.js";

export const STALE_LOCK_MS = 30_000;

export type Claimed =
  | { readonly kind: "listening"; readonly server: Server; readonly token: string }
  | { readonly kind: "running" };

/** Claims the socket for this process, or finds that a live server already has it. */
export async function claimServerSocket(
  paths: ServerPaths,
  onConnection: (socket: Socket) => void,
  clock: Clock,
  waitMs = 20_000,
): Promise<Claimed> {
  ensureServerDir(paths);
  await takeLock(paths.lock, clock, waitMs);
  try {
    if (await accepts(paths.socket, clock)) return { kind: "running" };
    rmSync(paths.socket, { force: true });
    const token = randomBytes(32).toString("hex");
    const tmp = `${paths.token}.${process.pid}`;
    writeFileSync(tmp, `${token}\n`, { mode: 0o600 });
    renameSync(tmp, paths.token);
    const server = createServer(onConnection);
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(paths.socket, () => resolve());
    });
    chmodSync(paths.socket, 0o600);
    writeFileSync(paths.pid, `${process.pid}\n`, { mode: 0o600 });
    return { kind: "listening", server, token };
  } finally {
    rmSync(paths.lock, { force: true });
  }
}

/** Whether a server answers on `socket` (a connection is accepted). */
export function accepts(socket: string, clock: Clock, timeoutMs = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(socket);
    const done = (live: boolean) => {
      clock.clearTimeout(timer);
      s.destroy();
      resolve(live);
    };
    const timer = clock.setTimeout(() => done(false), timeoutMs);
    s.on("connect", () => done(true));
    s.on("error", () => done(false));
  });
}

async function takeLock(lock: string, clock: Clock, waitMs: number): Promise<void> {
  const until = clock.now() + waitMs;
  for (;;) {
    try {
      const fd = openSync(lock, "wx", 0o600);
      writeFileSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    if (lockIsStale(lock, clock)) {
      rmSync(lock, { force: true });
      continue;
    }
    if (clock.now() > until)
      throw new ServerError(
        "unreachable",
        `another hmux server has been starting for ${Math.round(waitMs / 1000)} s (lock ${lock})`,
        `if no hmux server is starting, remove ${lock}`,
      );
    await new Promise<void>((r) => clock.setTimeout(r, 50));
  }
}

/** A lock whose holder is gone, or that is older than any start takes. */
function lockIsStale(lock: string, clock: Clock): boolean {
  try {
    if (clock.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(lock, "utf8").trim());
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now
    return !pidAlive(pid); // a zombie (killed, not reaped) holds no lock
  } catch {
    return false; // gone already: the next open will tell
  }
}
