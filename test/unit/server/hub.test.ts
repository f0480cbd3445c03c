/**
 * The server over its real Unix socket, with scripted sessions: login, typed refusals, several
 * clients on one table, a decision settled once, idle exit, kill-server, one server per user.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { PROTOCOL } from "../../../src/protocol/index.js";
import { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import { type RunningServer, runServer } from "../../../src/server/run-server.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { listenControlSocket } from "../../../src/session/control-socket.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";
import { sessionEventOf } from "../../helpers/wire-event.js";
import { decide, flush } from "../session/session-fixture.js";
import { scriptedLauncher } from "./fixture.js";
import { type Cleanups, type ServeOptions, serveScripted } from "./serve-fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const VERSION = "9.9.9-test";
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function start(over: Pick<ServeOptions, "idleExitMs" | "loginTimeoutMs" | "maxBufferedBytes" | "log" | "clock"> = {}) {
  return serveScripted(cleanups, { prefix: "hmux-server-", version: VERSION, ...over });
}

/** Raw lines on the socket, for what ServerClient would never send. */
function raw(socket: string, lines: string[], waitFor: number): Promise<string[]> {
  return new Promise((resolve) => {
    const s = connect(socket);
    const got: string[] = [];
    let buf = "";
    s.on("connect", () => s.write(lines.map((l) => `${l}\n`).join("")));
    s.on("data", (d) => {
      buf += d.toString();
      const parts = buf.split("\n");
      buf = parts.pop()!;
      got.push(...parts);
      if (got.length >= waitFor) s.end();
    });
    s.on("close", () => resolve(got));
    s.on("error", () => resolve(got));
  });
}

describe("hmux server: login", () => {
  it("a wrong token is refused with unauthorized, and nothing after it is answered", async () => {
    const s = await start();
    const got = await raw(
      s.paths.socket,
      [
        JSON.stringify({ op: "login", token: "0".repeat(64), protocol: PROTOCOL, version: VERSION }),
        '{"op":"list","req":"1"}',
      ],
      3,
    );
    expect(got.map((l) => JSON.parse(l))).toEqual([
      { kind: "error", error: { code: "unauthorized", message: expect.stringContaining("token") } },
    ]);
  });

  it("a client of another version is refused, and the refusal names both versions", async () => {
    const s = await start();
    await expect(ServerClient.connect(s.paths, "0.0.1", clientClock)).rejects.toMatchObject({
      code: "version-mismatch",
      message: expect.stringMatching(/9\.9\.9-test.*0\.0\.1/),
    });
  });

  it("a stranger that never logs in is dropped after the login timeout", async () => {
    const s = await start({ loginTimeoutMs: 100 });
    const got = await raw(s.paths.socket, [], 1);
    expect(JSON.parse(got[0]!)).toMatchObject({ error: { code: "unauthorized" } });
  });

  it("the socket and token are readable by this user only", async () => {
    const s = await start();
    expect(statSync(s.paths.dir).mode & 0o777).toBe(0o700);
    expect(statSync(s.paths.socket).mode & 0o077).toBe(0);
    expect(statSync(s.paths.token).mode & 0o077).toBe(0);
  });
});

describe("hmux server: requests", () => {
  it("a malformed request gets bad-request with its req, and the connection keeps serving", async () => {
    const s = await start();
    const token = readFileSync(s.paths.token, "utf8").trim();
    const got = await raw(
      s.paths.socket,
      [
        JSON.stringify({ op: "login", token, protocol: PROTOCOL, version: VERSION }),
        '{"op":"create","req":"r1","harness":"claude","cwd":"relative/path"}',
        "not json",
        '{"op":"list","req":"r2"}',
      ],
      4,
    );
    const lines = got.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ kind: "hello", version: VERSION });
    expect(lines[1]).toMatchObject({ req: "r1", ok: false, error: { code: "bad-request", message: /cwd/ } });
    expect(lines[2]).toMatchObject({ req: null, ok: false, error: { code: "bad-request" } });
    expect(lines[3]).toMatchObject({ req: "r2", ok: true, sessions: [] });
  });

  it("every client sees the same table: a session one creates and renames reaches the other as table updates", async () => {
    const s = await start();
    const a = await s.client();
    const b = await s.client();
    const seen: string[] = [];
    b.onTable((change, row) => seen.push(`${change}:${row.name}`));
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "one" });
    await a.request({ op: "rename", session: "one", name: "two" });
    await until(() => seen.includes("updated:two"));
    expect(seen[0]).toBe("created:one");
    expect((await b.list()).map((r) => r.name)).toEqual(["two"]);
    await expect(b.request({ op: "kill", session: "nope" })).rejects.toMatchObject({ code: "no-such-session" });
  });

  it("a decision from one client settles the call once: the attached client sees it, the later decision is TOO_LATE", async () => {
    const s = await start();
    const a = await s.client();
    const b = await s.client();
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    const events: SessionEvent[] = [];
    a.onEvent((_id, e) => events.push(sessionEventOf(e)));
    await a.request({ op: "attach", session: "w" });
    await a.request({ op: "input", session: "w", line: { op: "send", id: "in-1", text: "go" } });
    await s.sessions[0]!.feed({ t: "ask", id: "call-1", tool: "Bash", input: { command: "rm -rf x" } });
    await until(() => events.some((e) => e.kind === "approval-request"));
    expect((await b.list())[0]).toMatchObject({ pending: 1, lifecycle: "awaiting-approval" });
    const first = await b.request({ op: "input", session: "w", line: decide("d-b", "call-1", { decision: "allow" }) });
    expect(first.answer).toMatchObject({ kind: "command.result", id: "d-b", outcome: { result: "ok" } });
    const second = await a.request({
      op: "input",
      session: "w",
      line: decide("d-a", "call-1", { decision: "deny", reason: "too late" }),
      as: "person",
    });
    expect(second.answer).toMatchObject({ outcome: { result: "refused", refused: { code: "TOO_LATE" } } });
    await until(() => events.some((e) => e.kind === "approval-disposition"));
    expect(events.filter((e) => e.kind === "approval-disposition")).toEqual([
      expect.objectContaining({ callId: "call-1", decider: "program", decision: { decision: "allow" } }),
    ]);
    expect(s.sessions[0]!.written().filter((w) => w.w === "decide")).toHaveLength(1);
  });

  it("a replay many times the client's buffer limit arrives whole: the server waits for the reader instead of dropping it", async () => {
    const s = await start({ maxBufferedBytes: 64 * 1024 });
    const a = await s.client();
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "big" });
    const text = "x".repeat(2_000);
    for (let i = 0; i < 400; i++) await s.sessions[0]!.feed({ t: "say", text: `${i}:${text}` });
    const b = await s.client();
    const live: string[] = [];
    b.onEvent((_id, e) => {
      if (e.kind === "message") live.push(String(e.text));
    });
    const reply = await b.request({ op: "attach", session: "big" });
    expect(reply.events).toHaveLength(s.sessions[0]!.events.length);
    expect(reply.events.filter((e) => sessionEventOf(e).kind === "message")).toHaveLength(400);
    await s.sessions[0]!.feed({ t: "say", text: "live" });
    await until(() => live.length === 1);
    expect(live).toEqual(["live"]);
    expect(await b.list()).toHaveLength(1);
  });

  it("attach carries the session's kept events in its reply and sends the later ones after it, each once; detach stops them", async () => {
    const s = await start();
    const a = await s.client();
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    await s.sessions[0]!.feed({ t: "say", text: "earlier" });
    const b = await s.client();
    const after: string[] = [];
    b.onEvent((_id, e) => after.push(e.kind === "message" ? `message:${e.text}` : e.kind));
    const reply = await b.request({ op: "attach", session: "w" });
    expect(reply.replayed).toBe(s.sessions[0]!.events.length);
    const replayed = reply.events.map(sessionEventOf);
    expect(replayed.map((e) => (e.kind === "message" ? `message:${e.text}` : e.kind))).toContain("message:earlier");
    expect(reply.times).toHaveLength(replayed.length);
    await s.sessions[0]!.feed({ t: "say", text: "later" });
    await until(() => after.includes("message:later"));
    expect(after).toEqual(["message:later"]);
    await b.request({ op: "detach" });
    await s.sessions[0]!.feed({ t: "say", text: "unseen" });
    await a.list(); // a round trip, so anything the server would have pushed to b has been written
    await flush();
    expect(after).not.toContain("message:unseen");
  });
});

describe("hmux server: lifetime", () => {
  it("with no session and no client it stops after the idle grace and removes its socket and token", async () => {
    const clock = new FakeClock();
    const s = await start({ idleExitMs: 100, clock });
    const c = await s.client();
    await c.request({ op: "create", harness: "claude", cwd: "/w", options: {} });
    c.close();
    await flush();
    clock.advance(60_000);
    expect(existsSync(s.paths.socket)).toBe(true); // a live session keeps it, however long
    expect(clock.timers.size).toBe(0); // no idle grace runs while it lives
    const stopping = s.table.kill("claude-1");
    await flush();
    s.sessions[0]!.clock.advance(60_000);
    await stopping;
    await until(() => clock.timers.size === 1); // the idle grace, once the last session and client are gone
    clock.advance(99);
    expect(existsSync(s.paths.socket)).toBe(true);
    clock.advance(1);
    expect(await within(s.running, 3_000)).toMatch(/idle/);
    expect(existsSync(s.paths.socket)).toBe(false);
    expect(existsSync(s.paths.token)).toBe(false);
  });

  it("kill-server ends every session, tells each client, and stops", async () => {
    const s = await start();
    const a = await s.client();
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {} });
    const closed = new Promise<string>((r) => a.onClose(r));
    const b = await s.client();
    const stopping = b.request({ op: "kill-server" });
    // The session's grace runs on its fake clock: time moves only once the request has crossed
    // the socket and the kill began, which one turn of the event loop does not promise under load.
    const lifecycle = () => s.sessions[0]!.handle.snapshot().lifecycle;
    await until(() => lifecycle() === "closing" || lifecycle() === "closed");
    s.sessions[0]!.clock.advance(60_000);
    await stopping;
    expect(await closed).toMatch(/kill-server/);
    expect(s.sessions[0]!.handle.snapshot().lifecycle).toBe("closed");
    expect(await within(s.running, 3_000)).toMatch(/kill-server/);
  });

  it("two kill-servers at once end each session once and stop the server once", async () => {
    const log: string[] = [];
    const s = await start({ log: (line) => log.push(line) });
    const a = await s.client();
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {} });
    await a.request({ op: "create", harness: "claude", cwd: "/w", options: {} });
    const b = await s.client();
    const replies = Promise.allSettled([a.request({ op: "kill-server" }), b.request({ op: "kill-server" })]);
    for (const session of s.sessions) {
      const lifecycle = () => session.handle.snapshot().lifecycle;
      await until(() => lifecycle() === "closing" || lifecycle() === "closed");
    }
    for (const session of s.sessions) session.clock.advance(60_000);
    await replies;
    expect(await within(s.running, 3_000)).toMatch(/kill-server/);
    expect(s.sessions.map((x) => x.events.filter((e) => e.kind === "closed").length)).toEqual([1, 1]);
    expect(log.filter((line) => line.startsWith("stopping:"))).toHaveLength(1);
  });

  it("a second server finds the first listening and stands down", async () => {
    const s = await start();
    const again = await runServer({
      paths: s.paths,
      table: new SessionTable({ clock: new FakeClock(), launcher: scriptedLauncher().launcher }),
      version: VERSION,
      idleExitMs: null,
      clock: systemClock,
    });
    expect(again.kind).toBe("running-elsewhere");
    expect((await s.client()).hello.pid).toBe(process.pid);
  });

  it("a dead server's socket file is detected and replaced, and its old token no longer logs in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-server-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const paths = serverPaths({ XDG_RUNTIME_DIR: dir });
    // A socket path nobody listens on: what a server killed with SIGKILL leaves behind.
    mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
    writeFileSync(paths.socket, "");
    writeFileSync(paths.token, "stale-token\n", { mode: 0o600 });
    const running = await runServer({
      paths,
      table: new SessionTable({ clock: new FakeClock(), launcher: scriptedLauncher().launcher }),
      version: VERSION,
      idleExitMs: null,
      clock: systemClock,
    });
    expect(running.kind).toBe("serving");
    cleanups.push(async () => {
      if (running.kind === "serving") {
        running.stop("test over");
        await running.stopped;
      }
    });
    expect(readFileSync(paths.token, "utf8").trim()).not.toBe("stale-token");
    const c = await ServerClient.connect(paths, VERSION, clientClock);
    c.close();
    const stale = await raw(
      paths.socket,
      [JSON.stringify({ op: "login", token: "stale-token", protocol: PROTOCOL, version: VERSION })],
      1,
    );
    expect(JSON.parse(stale[0]!)).toMatchObject({ kind: "error", error: { code: "unauthorized" } });
  });
});

function within(running: RunningServer, ms: number): Promise<string> {
  if (running.kind !== "serving") throw new Error("not serving");
  return Promise.race([
    running.stopped,
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error("the server did not stop")), ms)),
  ]);
}

describe("hmux server: one per user", () => {
  it("of servers racing to start on one directory, exactly one serves, and every client reaches it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-server-"));
    const paths = serverPaths({ XDG_RUNTIME_DIR: dir });
    const racers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        runServer({
          paths,
          table: new SessionTable({ clock: new FakeClock(), launcher: scriptedLauncher().launcher }),
          version: VERSION,
          idleExitMs: null,
          clock: systemClock,
        }),
      ),
    );
    const serving = racers.filter((r) => r.kind === "serving");
    cleanups.push(async () => {
      for (const r of serving) {
        r.stop("test over");
        await r.stopped;
      }
      rmSync(dir, { recursive: true, force: true });
    });
    expect(serving).toHaveLength(1);
    expect(racers.filter((r) => r.kind === "running-elsewhere")).toHaveLength(3);
    const c = await ServerClient.connect(paths, VERSION, clientClock);
    c.close();
  });

  for (const which of ["dir", "parent"] as const)
    it(`a client refuses to log in when the server's ${which} directory lets others in, naming the fix`, async () => {
      const s = await start();
      const dir = s.paths[which];
      chmodSync(dir, 0o755);
      try {
        await expect(ServerClient.connect(s.paths, VERSION, clientClock)).rejects.toMatchObject({
          code: "unsafe-dir",
          hint: `chmod 700 ${dir}`,
        });
      } finally {
        chmodSync(dir, 0o700);
      }
    });

  it("a hmux session whose id is 'server' gets its own control socket and leaves the server's alone", async () => {
    const s = await start();
    const env = { XDG_RUNTIME_DIR: join(s.paths.parent, "..") };
    const handle = { sessionId: "server", harness: "claude" } as unknown as SessionHandle;
    const control = await listenControlSocket(handle, { env, clock: clientClock });
    try {
      expect(control.socket).not.toBe(s.paths.socket);
      expect(control.token).not.toBe(s.paths.token);
      (await s.client()).close();
    } finally {
      await control.close();
    }
  });
});
