/**
 * The control socket: a running hmux listens for each session on a Unix socket in a 0700
 * runtime directory ($XDG_RUNTIME_DIR/hmux, else /tmp/hmux-<uid>) and checks a per-run
 * token. Other users cannot reach the directory; a peer of the same user without the token
 * is refused on its first line.
 *
 * Wire: the peer's first line is {"token":"<hex>"}; every later line is a session line
 * (metaharness.command/1 or a send/answer/close op) and gets exactly one reply line: the
 * line's command.result, disposition or error event, or {"kind":"accepted"} for a close.
 *
 * Until it logs in a peer is a stranger: it has LOGIN_TIMEOUT_MS to present the token, may send
 * at most MAX_AUTH_BYTES before it, and at most MAX_PEERS connections are open at once, so an
 * idle or flooding local process cannot hold the socket or hmux's memory.
 */

import { randomBytes, timingSafeEqual } from "node:crypto";
import { chmodSync, lstatSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import type { Clock } from "../core/exec/ports.js";
import type { SessionHandle } from "../core/exec/session-types.js";
import { HmuxError } from "../core/hmux-error.js";
import { invariant } from "../core/invariant.js";
import { LineSplitter } from "../core/line-splitter.js";
import { makePrivateDir } from "../files/private-dir.js";
import { runtimeDir } from "./runtime-dir.js";
import { isSafeSessionId } from "./session-id.js";

export { runtimeDir } from "./runtime-dir.js";

/** Creates the runtime dir 0700, and refuses one that another user owns or others can enter. */
export function ensurePrivateDir(dir: string): void {
  makePrivateDir(dir);
  const st = lstatSync(dir);
  if (!st.isDirectory() || st.isSymbolicLink())
    throw new HmuxError(
      "unsafe-dir",
      `${dir} is not a directory hmux owns; refusing to put a control socket there`,
      `remove ${dir}, and hmux makes it again`,
    );
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid)
    throw new HmuxError(
      "unsafe-dir",
      `${dir} belongs to uid ${st.uid}, not to this user; refusing to put a control socket there`,
    );
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

export interface SocketPaths {
  readonly socket: string;
  readonly token: string;
}

export function socketPaths(sessionId: string, env: Readonly<Record<string, string | undefined>>): SocketPaths {
  // The last line of defence: an id with a path in it would put the socket outside the private dir.
  invariant(
    isSafeSessionId(sessionId),
    `session ids are checked where they enter: ${JSON.stringify(sessionId)} is not a safe file name`,
  );
  const dir = runtimeDir(env);
  return { socket: join(dir, `${sessionId}.sock`), token: join(dir, `${sessionId}.token`) };
}

export interface ControlSocketServer extends SocketPaths {
  close(): Promise<void>;
}

const MAX_AUTH_BYTES = 1024;
export const LOGIN_TIMEOUT_MS = 5_000;
export const MAX_PEERS = 16;

export interface ControlSocketLimits {
  readonly loginTimeoutMs?: number;
  readonly maxPeers?: number;
}

/** Where the socket goes (hmux's own environment names the runtime dir) and what times a peer's login. */
export interface ControlSocketPorts {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly clock: Clock;
}

export async function listenControlSocket(
  handle: SessionHandle,
  ports: ControlSocketPorts,
  limits: ControlSocketLimits = {},
): Promise<ControlSocketServer> {
  const { env, clock } = ports;
  const dir = runtimeDir(env);
  ensurePrivateDir(dir);
  const paths = socketPaths(handle.sessionId, env);
  const token = randomBytes(32).toString("hex");
  rmSync(paths.socket, { force: true });
  writeFileSync(paths.token, `${token}\n`, { mode: 0o600 });
  const sockets = new Set<Socket>();
  const maxPeers = limits.maxPeers ?? MAX_PEERS;
  const server: Server = createServer((socket) => {
    socket.on("error", () => undefined); // a peer that vanished mid-reply: its commands were already answered in the session
    if (sockets.size >= maxPeers) {
      socket.end(`${JSON.stringify({ kind: "error", message: `refused: ${maxPeers} peers are already connected` })}\n`);
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    servePeer(socket, token, handle, clock, limits.loginTimeoutMs ?? LOGIN_TIMEOUT_MS);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(paths.socket, () => resolve());
  });
  chmodSync(paths.socket, 0o600);
  return {
    ...paths,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
      rmSync(paths.socket, { force: true });
      rmSync(paths.token, { force: true });
    },
  };
}

function servePeer(socket: Socket, token: string, handle: SessionHandle, clock: Clock, loginTimeoutMs: number): void {
  const splitter = new LineSplitter({ maxLineBytes: 1024 * 1024 });
  let authed = false;
  let preLoginBytes = 0;
  let chain: Promise<unknown> = Promise.resolve();
  const reply = (value: unknown) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(value)}\n`);
  };
  const refuse = (message: string) => {
    reply({ kind: "error", message: `refused: ${message}` });
    socket.end();
    socket.destroy();
  };
  const login = clock.setTimeout(
    () => {
      if (!authed) refuse(`no control token within ${loginTimeoutMs} ms`);
    },
    loginTimeoutMs,
    { background: true },
  );
  socket.on("close", () => clock.clearTimeout(login));
  socket.on("data", (chunk: Buffer) => {
    if (!authed) {
      // Counted before splitting: a stranger's bytes are bounded whether or not a newline comes.
      preLoginBytes += chunk.length;
      if (preLoginBytes > MAX_AUTH_BYTES + 1 && !chunk.subarray(0, MAX_AUTH_BYTES + 1).includes(0x0a))
        return refuse(`more than ${MAX_AUTH_BYTES} bytes before the control token`);
    }
    for (const item of splitter.push(chunk)) {
      if (item.kind === "oversized") {
        if (!authed) return void socket.destroy();
        chain = chain.then(() =>
          reply({
            kind: "command.result",
            id: null,
            outcome: {
              result: "refused",
              refused: { code: "MALFORMED", reason: `line of ${item.bytes} bytes exceeds ${item.limit}` },
            },
          }),
        );
        continue;
      }
      const line = item.text;
      if (!authed) {
        if (line.length > MAX_AUTH_BYTES || !tokenMatches(line, token)) {
          reply({ kind: "error", message: "refused: this peer did not present the session's control token" });
          socket.end();
          socket.destroy();
          return;
        }
        authed = true;
        clock.clearTimeout(login);
        reply({ kind: "authenticated", sessionId: handle.sessionId, harness: handle.harness });
        continue;
      }
      if (line.trim() === "") continue;
      chain = chain.then(async () =>
        reply((await handle.handleLine(line, "program", "the session's control socket")) ?? { kind: "accepted" }),
      );
    }
  });
}

function tokenMatches(line: string, token: string): boolean {
  let presented: unknown;
  try {
    presented = (JSON.parse(line) as { token?: unknown }).token;
  } catch {
    return false;
  }
  if (typeof presented !== "string") return false;
  const a = Buffer.from(presented);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function readToken(sessionId: string, env: Readonly<Record<string, string | undefined>>): string {
  return readFileSync(socketPaths(sessionId, env).token, "utf8").trim();
}
