import { mkdtempSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { listenControlSocket, readToken } from "../../../src/session/control-socket.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0)) await fn();
});

const handle = {
  sessionId: "s-limits",
  harness: "claude",
  handleLine: async () => ({ kind: "accepted" }),
} as unknown as SessionHandle;

async function server(limits: { loginTimeoutMs?: number; maxPeers?: number } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "hmux-rt-"));
  const env = { XDG_RUNTIME_DIR: dir };
  const s = await listenControlSocket(handle, env, limits);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => s.close(),
  );
  return { ...s, token: readToken(handle.sessionId, env) };
}

/** Connects and collects what the server says until it closes the connection (or `ms` pass). */
function peer(path: string): { sock: Socket; closed: Promise<{ text: string; closedByServer: boolean }> } {
  const sock = connect(path);
  let text = "";
  sock.on("data", (d) => {
    text += d.toString();
  });
  const closed = new Promise<{ text: string; closedByServer: boolean }>((resolve) => {
    sock.on("close", () => resolve({ text, closedByServer: true }));
    sock.on("error", () => undefined);
  });
  return { sock, closed };
}

function within<T>(p: Promise<T>, ms: number): Promise<T | "timeout"> {
  return Promise.race([p, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);
}

describe("the control socket bounds strangers: login timeout, pre-login size, connection cap", () => {
  it("an idle connection that never logs in is closed after the login timeout", async () => {
    const s = await server({ loginTimeoutMs: 200 });
    const { closed } = peer(s.socket);
    const end = await within(closed, 3_000);
    expect(end).not.toBe("timeout");
    if (end !== "timeout") expect(end.text).toMatch(/no control token within 200 ms/);
  });

  it("a stranger sending megabytes without a newline is cut off at the pre-login bound", async () => {
    const s = await server();
    const { sock, closed } = peer(s.socket);
    sock.on("connect", () => {
      for (let i = 0; i < 64; i++) sock.write("x".repeat(64 * 1024));
    });
    const end = await within(closed, 3_000);
    expect(end).not.toBe("timeout");
    if (end !== "timeout") expect(end.text).toMatch(/bytes before the control token/);
  });

  it("past the connection cap a new peer is refused at once; a logged-in peer keeps working", async () => {
    const s = await server({ maxPeers: 2 });
    const a = peer(s.socket);
    const b = peer(s.socket);
    await new Promise((r) => setTimeout(r, 100));
    const c = peer(s.socket);
    const end = await within(c.closed, 3_000);
    expect(end).not.toBe("timeout");
    if (end !== "timeout") expect(end.text).toMatch(/2 peers are already connected/);
    a.sock.write(`${JSON.stringify({ token: s.token })}\n`);
    await new Promise((r) => setTimeout(r, 200));
    expect(a.sock.destroyed).toBe(false);
    a.sock.destroy();
    b.sock.destroy();
  });

  it("the token line followed at once by commands in one write is accepted", async () => {
    const s = await server();
    const { sock } = peer(s.socket);
    let text = "";
    sock.on("data", (d) => {
      text += d.toString();
    });
    sock.on("connect", () => sock.write(`${JSON.stringify({ token: s.token })}\n${'{"op":"close"}\n'.repeat(200)}`));
    await new Promise((r) => setTimeout(r, 500));
    expect(text).toMatch(/"authenticated"/);
    expect(text.split("\n").filter((l) => l.includes('"accepted"')).length).toBe(200);
    sock.destroy();
  });
});
