import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { listenControlSocket, readToken } from "../../../src/session/control-socket.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

const handle = {
  sessionId: "s-limits",
  harness: "claude",
  handleLine: async () => ({ kind: "accepted" }),
} as unknown as SessionHandle;

/** The socket's login timeout runs on this clock: a test moves it, nothing waits on real time. */
async function server(limits: { loginTimeoutMs?: number; maxPeers?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "hmux-rt-"));
  const env = { XDG_RUNTIME_DIR: dir };
  const clock = new FakeClock();
  const s = await listenControlSocket(handle, { env, clock }, limits);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => s.close(),
  );
  return { ...s, clock, token: readToken(handle.sessionId, env) };
}

interface Peer {
  readonly sock: Socket;
  readonly closed: Promise<{ text: string; closedByServer: boolean }>;
  /** Resolves with all the server said once it holds `what` (a pattern, or a test of the whole text). */
  said(what: RegExp | ((text: string) => boolean)): Promise<string>;
}

/** Connects and collects what the server says until it closes the connection. */
function peer(path: string): Peer {
  const sock = connect(path);
  let text = "";
  const waiting: { holds: (text: string) => boolean; resolve: (text: string) => void }[] = [];
  sock.on("data", (d) => {
    text += d.toString();
    for (const w of waiting.splice(0))
      if (w.holds(text)) w.resolve(text);
      else waiting.push(w);
  });
  const closed = new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
    sock.on("close", () => resolve({ text, closedByServer: true }));
    sock.on("error", () => undefined);
  });
  const said = (what: RegExp | ((text: string) => boolean)) => {
    const holds = typeof what === "function" ? what : (t: string) => what.test(t);
    return holds(text) ? Promise.resolve(text) : new Promise<string>((resolve) => waiting.push({ holds, resolve }));
  };
  return { sock, closed, said };
}

/** Logs a peer in and resolves once the server answered it: the server has it counted from then on. */
async function loggedIn(path: string, token: string): Promise<Peer> {
  const p = peer(path);
  p.sock.write(`${JSON.stringify({ token })}\n`);
  await p.said(/"authenticated"/);
  return p;
}

describe("the control socket bounds strangers: login timeout, pre-login size, connection cap", () => {
  it("an idle connection that never logs in is closed once the clock passes the login timeout", async () => {
    const s = await server({ loginTimeoutMs: 200 });
    const { closed } = peer(s.socket);
    let ended = false;
    void closed.then(() => (ended = true));
    // The server has the connection once its login timer is set.
    await until(() => s.clock.timers.size === 1);
    s.clock.advance(199);
    expect(ended).toBe(false);
    s.clock.advance(1);
    const end = await closed;
    expect(end.text).toMatch(/no control token within 200 ms/);
  });

  it("a stranger sending megabytes without a newline is cut off at the pre-login bound", async () => {
    const s = await server();
    const { sock, closed } = peer(s.socket);
    sock.on("connect", () => {
      for (let i = 0; i < 64; i++) sock.write("x".repeat(64 * 1024));
    });
    const end = await closed;
    expect(end.text).toMatch(/bytes before the control token/);
  });

  it("past the connection cap a new peer is refused at once; a logged-in peer keeps working", async () => {
    const s = await server({ maxPeers: 2 });
    const a = await loggedIn(s.socket, s.token);
    const b = await loggedIn(s.socket, s.token);
    const c = peer(s.socket);
    const end = await c.closed;
    expect(end.text).toMatch(/2 peers are already connected/);
    a.sock.write('{"op":"close"}\n');
    await a.said(/"accepted"/);
    expect(a.sock.destroyed).toBe(false);
    a.sock.destroy();
    b.sock.destroy();
  });

  it("the token line followed at once by commands in one write is accepted", async () => {
    const s = await server();
    const { sock, said } = peer(s.socket);
    sock.on("connect", () => sock.write(`${JSON.stringify({ token: s.token })}\n${'{"op":"close"}\n'.repeat(200)}`));
    const accepted = (t: string) => t.split("\n").filter((l) => l.includes('"accepted"')).length;
    const text = await said((t) => accepted(t) >= 200);
    expect(text).toMatch(/"authenticated"/);
    expect(accepted(text)).toBe(200);
    sock.destroy();
  });
});
