/**
 * Restore after a crash: a dead server's sessions come back as detached rows, a journal cut
 * mid-line is read up to its last whole event (and the cut said once), a call pending at the
 * crash is lost (said once, never approved), and the table resumes only what is not running.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readJournal } from "../../../src/core/control/journal-format.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { pidAlive } from "../../../src/files/pid-alive.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { ServerClient } from "../../../src/server/client.js";
import { serverPaths } from "../../../src/server/paths.js";
import { journaledSession, restoreDetached } from "../../../src/server/restore.js";
import {
  fileSessionRecords,
  SESSION_RECORD_FORMAT,
  type SessionRecord,
  sessionRecordPath,
} from "../../../src/server/restore-records.js";
import { runServer } from "../../../src/server/run-server.js";
import { type Launcher, resumeDetached, SessionTable } from "../../../src/server/session-table.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { sessionEventOf } from "../../helpers/wire-event.js";
import { flush } from "../session/session-fixture.js";
import { serverSession } from "./fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const DEAD = 999_001;
const SELF = { pid: 4242, startedAt: Date.parse("2026-12-01T12:00:00Z") };
let env: Record<string, string>;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hmux-restore-"));
  env = { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const record = (id: string, over: Partial<SessionRecord> = {}): SessionRecord => ({
  format: SESSION_RECORD_FORMAT,
  id,
  name: `w-${id}`,
  harness: "claude",
  cwd: "/work",
  createdAt: 1_000,
  options: { approvals: "ask" },
  ...over,
});

const ask = (callId: string): SessionEvent => ({
  kind: "approval-request",
  call: { callId, tool: "Bash", input: { command: "rm -rf build" }, openedAt: 1, deadlineAt: null },
});

/** A journal alone, as `hmux session` (or a session killed from a server) leaves one. */
function journalOnly(id: string, events: readonly SessionEvent[], pid = DEAD) {
  const path = journalPath(id, env);
  const w = new JournalWriter(
    path,
    { sessionId: id, harness: "claude", cwd: "/work", stateDir: join(dir, id), isolate: true },
    { origin: "fresh", pid, startedAt: "2026-12-01T11:00:00.000Z" },
    Date.now,
  );
  for (const e of events) w.record(e);
  w.close();
  return path;
}

/** A session a server journaled (its run's pid `pid`), with the record a server keeps beside it. */
function journaled(id: string, events: readonly SessionEvent[], pid = DEAD, over: Partial<SessionRecord> = {}) {
  const path = journalOnly(id, events, pid);
  fileSessionRecords(env, Date.now).save(record(id, over));
  return path;
}

const opened: SessionEvent[] = [
  { kind: "session", sessionId: "a", harness: "claude", origin: "fresh", escalateQuestions: true },
  { kind: "identity", sessionId: "claude-own-1" } as SessionEvent,
  { kind: "turn", turnId: "a:turn-1", id: "in-1" },
];

const restore = (isAlive: (pid: number) => boolean = () => false) =>
  restoreDetached({ env, self: SELF, isAlive, maxKept: 10_000, now: () => 5_000 });

const journalEvents = (path: string) => readJournal(readFileSync(path, "utf8")).records.map((r) => r.event);

describe("restoring a dead server's sessions", () => {
  it("a session of a dead server comes back with its journal's events, its name, cwd and harness id", () => {
    journaled("a", opened);
    const { sessions, notes } = restore();
    expect(notes).toEqual([]);
    expect(sessions).toHaveLength(1);
    const s = sessions[0]!;
    expect(s.record).toMatchObject({ id: "a", name: "w-a", cwd: "/work" });
    expect(s.harnessSessionId).toBe("claude-own-1");
    expect(s.events.slice(0, 3)).toEqual(opened);
    // The pane shows it ended, and says why and how to go on.
    expect(s.events.slice(3).map((e) => e.kind)).toEqual(["warning", "closed"]);
    expect(JSON.stringify(s.events[3])).toContain("hmux resume w-a");
    expect(s.lostCalls).toEqual([]);
    expect(s.cut).toBeNull();
  });

  it("a question waiting for its answer when the server died is said on the detached pane, with how to get it back", () => {
    const question: SessionEvent = { kind: "question", question: "Keep the file?", options: ["keep it", "delete it"] };
    journaled("a", [...opened, question, { kind: "state", from: "running", to: "awaiting-input" }]);
    const s = restore().sessions[0]!;
    const said = s.events.find((e) => e.kind === "warning" && e.code === "QUESTION_WAITING");
    expect(said).toMatchObject({ message: expect.stringContaining('"Keep the file?" (1. keep it  2. delete it)') });
    expect(JSON.stringify(said)).toContain("hmux resume w-a");
  });

  it("a session still run by a live process, or by this server, is not restored", () => {
    journaled("live", opened, 777);
    journaled("mine", opened, SELF.pid);
    // Same pid as this server but from before it started: a server of an earlier boot.
    const { sessions, notes } = restore((pid) => pid === 777);
    expect(sessions.map((s) => s.record.id)).toEqual(["mine"]);
    expect(notes.join("\n")).toContain("still run by pid 777");
  });

  it("a journal cut mid-line is restored up to its last whole event, and the cut is said once", () => {
    const path = journaled("a", opened);
    writeFileSync(path, `${readFileSync(path, "utf8")}{"format":"hmux.journal/1","seq":4,"ti`, { flag: "w" });
    const first = restore().sessions[0]!;
    expect(first.events.slice(0, 3)).toEqual(opened);
    expect(first.cut).toMatch(/cut mid-line at line 4: restored up to its last whole event \(seq 3\)/);
    const warnings = () => journalEvents(path).filter((e) => e.kind === "warning");
    expect(warnings()).toHaveLength(1);
    // A server restarting again reports the same cut, and writes nothing more.
    const again = restore().sessions[0]!;
    expect(again.cut).toBe(first.cut);
    expect(warnings()).toHaveLength(1);
    const reading = readJournal(readFileSync(path, "utf8"));
    expect(reading.truncatedTail).toBe(false);
    expect(reading.records.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
  });

  it("a call pending when the server died is lost: cleared as lost in the journal, once, and never decided", () => {
    const path = journaled("a", [
      ...opened,
      ask("c1"),
      ask("c2"),
      { kind: "approval-cleared", callId: "c2", reason: "decided" },
    ]);
    const s = restore().sessions[0]!;
    expect(s.lostCalls.map((c) => c.callId)).toEqual(["c1"]);
    const events = journalEvents(path);
    expect(events.filter((e) => e.kind === "approval-cleared" && e.reason === "lost")).toEqual([
      { kind: "approval-cleared", callId: "c1", reason: "lost" },
    ]);
    expect(events.some((e) => e.kind === "approval-disposition")).toBe(false);
    expect(JSON.stringify(events.at(-1))).toContain("neither approved nor run");
    expect(restore().sessions[0]!.lostCalls.map((c) => c.callId)).toEqual(["c1"]);
    expect(journalEvents(path)).toEqual(events);
  });

  it("a call decided before the crash, or before a later start, is not lost", () => {
    const path = journaled("a", [
      ...opened,
      ask("c1"),
      {
        kind: "approval-disposition",
        callId: "c1",
        decision: { decision: "allow" },
        decider: "person",
        status: "sent",
      },
      ask("c2"),
      { kind: "session", sessionId: "a", harness: "claude", origin: "resumed", escalateQuestions: true },
    ]);
    expect(restore().sessions[0]!.lostCalls).toEqual([]);
    expect(journalEvents(path).some((e) => e.kind === "approval-cleared")).toBe(false);
  });

  it("a record that is not one, or names no journal, is reported and skipped; the others restore", () => {
    journaled("a", opened);
    writeFileSync(sessionRecordPath("broken", env), "{not json");
    fileSessionRecords(env, Date.now).save(record("nojournal"));
    const { sessions, notes } = restore();
    expect(sessions.map((s) => s.record.id)).toEqual(["a"]);
    expect(notes.join("\n")).toMatch(/broken\.server\.json: not JSON/);
    expect(notes.join("\n")).toMatch(/nojournal\) has no journal/);
  });
});

/** A launcher whose sessions take the journal id they are asked to resume, as the real one does. */
function resumingLauncher() {
  const sessions: ReturnType<typeof serverSession>[] = [];
  const asked: { resume?: string }[] = [];
  const launcher: Launcher = (spec) => {
    asked.push(spec.options);
    const s = serverSession({ sessionId: spec.options.resume ?? `s${sessions.length + 1}`, origin: "resumed" });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  return { launcher, sessions, asked };
}

const codeOf = async (p: Promise<unknown> | (() => unknown)) => {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (err) {
    return (err as { code?: string }).code;
  }
  return "no error";
};

describe("detached rows in the server's table", () => {
  it("a restored row is detached, lists its lost calls, takes no input, and counts as nothing live", () => {
    journaled("a", [...opened, ask("c1")]);
    const t = new SessionTable({ clock: new FakeClock(), launcher: resumingLauncher().launcher });
    t.restore(restore().sessions);
    const row = t.resolve("w-a");
    expect(row).toMatchObject({ lifecycle: "detached", pending: 0, harnessSessionId: "claude-own-1" });
    expect(row.restored).toEqual({ lostCalls: 1, cut: null, problems: 0 });
    expect(t.liveCount()).toBe(0);
    return expect(codeOf(() => t.handle("w-a"))).resolves.toBe("session-detached");
  });

  it("resume reopens a detached row through the launcher with its journal id; a running one is refused", async () => {
    journaled("a", opened);
    const { launcher, asked } = resumingLauncher();
    const t = new SessionTable({ clock: new FakeClock(), launcher });
    t.restore(restore().sessions);
    const replayed: SessionEvent[] = [];
    t.watch("w-a", (e) => replayed.push(e));
    const resumed = await t.resume("w-a");
    expect(asked).toEqual([{ approvals: "ask", resume: "a" }]);
    expect(resumed.summary.lifecycle).not.toBe("detached");
    expect(t.liveCount()).toBe(1);
    await flush();
    // The watcher saw the journal, then the resumed session's own start.
    expect(replayed.slice(0, 3)).toEqual(opened);
    expect(replayed.some((e) => e.kind === "session" && e.origin === "resumed")).toBe(true);
    expect(await codeOf(t.resume("w-a"))).toBe("session-live");
    expect(asked).toHaveLength(1);
  });

  it("resume of an unknown session is no-such-session", async () => {
    const t = new SessionTable({ clock: new FakeClock(), launcher: resumingLauncher().launcher });
    expect(await codeOf(t.resume("nobody"))).toBe("no-such-session");
  });

  it("killing a detached row forgets it and closes its journal, so no later server restores it", async () => {
    const path = journaled("a", opened);
    const t = new SessionTable({
      clock: new FakeClock(),
      launcher: resumingLauncher().launcher,
      records: fileSessionRecords(env, Date.now),
    });
    t.restore(restore().sessions);
    await t.kill("w-a");
    expect(t.list()).toEqual([]);
    expect(journalEvents(path).at(-1)).toEqual({ kind: "closed", exitCode: null, cause: "killed" });
    expect(restore().sessions).toEqual([]);
  });

  it("a server stopped by a signal keeps its rows for the next one; kill-server forgets them", async () => {
    journaled("a", opened);
    journaled("b", opened);
    const t = new SessionTable({
      clock: new FakeClock(),
      launcher: resumingLauncher().launcher,
      records: fileSessionRecords(env, Date.now),
    });
    t.restore(restore().sessions);
    await t.killAll();
    expect(restore().sessions.map((s) => s.record.id)).toEqual(["a", "b"]);
    t.forgetAllOnStop();
    await t.killAll();
    expect(restore().sessions).toEqual([]);
  });
});

describe("whether a dead server's pid still runs", () => {
  it("a zombie (killed, not yet reaped) runs nothing, so its sessions are restored; a running one does", () => {
    expect(pidAlive(1234, () => "1234 (node) S 1 1234 1234 0 -1")).toBe(true);
    expect(pidAlive(1234, () => "1234 (node) Z 1 1234 1234 0 -1")).toBe(false);
    expect(pidAlive(1234, () => "1234 (odd) name) R 1 1234")).toBe(true);
    expect(pidAlive(1234, () => "1234 (odd) name) Z 1 1234")).toBe(false);
    // No such pid in /proc.
    expect(pidAlive(1234, () => "")).toBe(false);
    // No /proc at all: signal 0 decides.
    expect(pidAlive(process.pid, () => null)).toBe(true);
  });
});

describe("resuming a session no row holds any more", () => {
  it("a killed session comes back as a new row from its journal, watched from its first resumed event", async () => {
    const { launcher, asked } = resumingLauncher();
    const journaled = (target: string) =>
      target === "s1"
        ? { id: "s1", harness: "claude", cwd: "/work", createdAt: null, events: [], times: [], seen: 0 }
        : null;
    const t = new SessionTable({ clock: new FakeClock(), launcher, journaled, killWaitMs: 50 });
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "first");
    await t.kill("first").catch(() => undefined);
    expect(t.list()).toEqual([]);
    const seen: SessionEvent[] = [];
    const back = await t.resume("s1", (e) => seen.push(e));
    expect(asked.at(-1)).toEqual({ resume: "s1" });
    expect(back.summary).toMatchObject({ id: "s1", cwd: "/work" });
    expect(seen[0]).toMatchObject({ kind: "session", sessionId: "s1" });
    expect(await codeOf(t.resume("nobody"))).toBe("no-such-session");
  });

  it.each([
    ["its name", "local1"],
    ["its id", "s1"],
    ["a unique start of its id", "s"],
  ])("a killed session resumed by %s comes back under the name it had", async (_how, target) => {
    const { launcher, asked } = resumingLauncher();
    const journaled = (id: string) =>
      id === "s1"
        ? { id: "s1", harness: "claude", cwd: "/work", createdAt: null, events: [], times: [], seen: 0 }
        : null;
    const t = new SessionTable({ clock: new FakeClock(), launcher, journaled, killWaitMs: 50 });
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "local1");
    await t.kill("local1").catch(() => undefined);
    const back = await t.resume(target);
    expect(asked.at(-1)).toEqual({ resume: "s1" });
    expect(back.summary).toMatchObject({ id: "s1", name: "local1" });
  });

  it.each([
    ["its name", "local1"],
    ["its id", "s1"],
    ["a unique start of its id", "s"],
  ])(
    "a killed session resumed by %s after the server restarts comes back under the name it had",
    async (_how, target) => {
      const { launcher, asked } = resumingLauncher();
      const server = () =>
        new SessionTable({
          launcher,
          clock: new FakeClock(),
          records: fileSessionRecords(env, Date.now),
          journaled: (id) => journaledSession(id, env),
          killWaitMs: 50,
        });
      const before = server();
      await before.create({ harness: "claude", cwd: "/work", options: {} }, "local1");
      journalOnly("s1", opened);
      await before.kill("local1").catch(() => undefined);
      const after = server();
      expect(after.restore(restore().sessions)).toEqual([]);
      const back = await after.resume(target);
      expect(asked.at(-1)).toEqual({ resume: "s1" });
      expect(back.summary).toMatchObject({ id: "s1", name: "local1" });
    },
  );

  it("a killed session's name never stands for another session's id: resume by that id reopens the one it is", async () => {
    const { launcher, asked } = resumingLauncher();
    journalOnly("local1", opened);
    journalOnly("s1", opened);
    const t = new SessionTable({
      clock: new FakeClock(),
      launcher,
      journaled: (id) => journaledSession(id, env),
      killWaitMs: 50,
    });
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "local1");
    await t.kill("local1").catch(() => undefined);
    const back = await t.resume("local1");
    expect(asked.at(-1)).toEqual({ resume: "local1" });
    expect(back.summary.id).toBe("local1");
  });

  it("a killed session whose name another row took meanwhile comes back under a fresh one", async () => {
    const { launcher } = resumingLauncher();
    const journaled = (id: string) =>
      id === "s1"
        ? { id: "s1", harness: "claude", cwd: "/work", createdAt: null, events: [], times: [], seen: 0 }
        : null;
    const t = new SessionTable({ clock: new FakeClock(), launcher, journaled, killWaitMs: 50 });
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "local1");
    await t.kill("local1").catch(() => undefined);
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "local1");
    const back = await t.resume("s1");
    expect(back.summary.name).toBe("claude-1");
  });

  it("a killed session resumed from its journal keeps its history for a later attach, its age and its place", async () => {
    const history: SessionEvent[] = [...opened, { kind: "closed", exitCode: null, cause: "killed" }];
    journaled("a", history);
    const { launcher } = resumingLauncher();
    const clock = new FakeClock(Date.parse("2026-12-01T12:00:00Z"));
    const journaledHere = (target: string) => journaledSession(target, env);
    const t = new SessionTable({ launcher, clock, journaled: journaledHere, killWaitMs: 50 });
    await t.create({ harness: "claude", cwd: "/work", options: {} }, "later");
    clock.time += 60_000;
    await t.resume("a");
    expect(t.list().map((s) => s.id)).toEqual(["a", "s1"]);
    expect(t.resolve("a").createdAt).toBe("2026-12-01T11:00:00.000Z");
    const replay: SessionEvent[] = [];
    const watched = t.watch("a", (e) => replay.push(e));
    watched.stop();
    expect(watched.dropped).toBe(false);
    expect(replay.slice(0, history.length)).toEqual(history);
    expect(replay[history.length]).toMatchObject({ kind: "session", sessionId: "a", origin: "resumed" });
  });
});

describe("the resume op over the server's socket", () => {
  it("resume with attach streams the resumed session to the asking client; a live one is session-live", async () => {
    const runtime = mkdtempSync(join(tmpdir(), "hmux-restore-srv-"));
    const paths = serverPaths({ XDG_RUNTIME_DIR: runtime });
    journaled("a", opened);
    const table = new SessionTable({ clock: new FakeClock(), launcher: resumingLauncher().launcher, killWaitMs: 50 });
    const running = await runServer({
      paths,
      table,
      version: "9.9.9-test",
      idleExitMs: null,
      clock: systemClock,
      claimed: () => table.restore(restore().sessions),
    });
    if (running.kind !== "serving") throw new Error("a fresh dir already had a server");
    const client = await ServerClient.connect(paths, "9.9.9-test", clientClock);
    try {
      expect((await client.list()).map((s) => s.lifecycle)).toEqual(["detached"]);
      const events: SessionEvent[] = [];
      client.onEvent((_id, e) => events.push(sessionEventOf(e)));
      const reply = await client.request({ op: "resume", session: "w-a", attach: true });
      expect(reply.session).toMatchObject({ id: "a", name: "w-a" });
      await flush();
      expect(events.some((e) => e.kind === "session" && e.origin === "resumed")).toBe(true);
      await expect(client.request({ op: "resume", session: "w-a" })).rejects.toMatchObject({ code: "session-live" });
    } finally {
      client.close();
      running.stop("test over");
      await running.stopped;
      rmSync(runtime, { recursive: true, force: true });
    }
  });
});

describe("server.autoResume", () => {
  it("resumes every detached row; one that cannot stays detached and says why in its transcript", async () => {
    journaled("a", opened);
    journaled("b", opened, DEAD, { createdAt: 2_000 });
    const { launcher: inner, asked } = resumingLauncher();
    const launcher: Launcher = (spec) => {
      if (spec.options.resume === "b") throw new Error("journal b never recorded the harness's own session id");
      return inner(spec);
    };
    const t = new SessionTable({ clock: new FakeClock(), launcher });
    t.restore(restore().sessions);
    const lines: string[] = [];
    await resumeDetached(t, (l) => lines.push(l));
    expect(asked).toEqual([{ approvals: "ask", resume: "a" }]);
    expect(t.list().map((s) => [s.name, s.lifecycle === "detached"])).toEqual([
      ["w-a", false],
      ["w-b", true],
    ]);
    const seen: SessionEvent[] = [];
    t.watch("w-b", (e) => seen.push(e));
    expect(seen.at(-1)).toMatchObject({ kind: "warning", code: "AUTO_RESUME_FAILED" });
    expect(lines.join("\n")).toMatch(/w-b \(b\): auto-resume failed.*never recorded/);
  });
});
