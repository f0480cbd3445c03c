/**
 * The server keeps when each event was emitted (its own clock) beside the event, and every
 * replay says it: a watch hands each kept event over with its time, the open question brought
 * back from before the window with the time it was asked, a plain attach's held event lines
 * carry `at` (live ones do not), and a restored session's events keep their journal's times.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { restoreDetached } from "../../../src/server/restore.js";
import { fileSessionRecords, SESSION_RECORD_FORMAT } from "../../../src/server/restore-records.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { sessionEventOf } from "../../helpers/wire-event.js";
import { scriptedLauncher, spec } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A table on a clock the test moves. */
function timed() {
  const { launcher, sessions } = scriptedLauncher();
  const clock = new FakeClock(50_000);
  const t = new SessionTable({ launcher, killWaitMs: 200, clock });
  return { t, sessions, clock };
}

const textOf = (e: SessionEvent) => (e.kind === "message" ? e.text : null);

describe("a session's kept events", () => {
  it("are handed to a watch with the time each was emitted, and the table's clock then", async () => {
    const { t, sessions, clock } = timed();
    await t.create(spec());
    clock.time = 60_000;
    await sessions[0]!.feed({ t: "say", text: "one" });
    clock.time = 62_500;
    await sessions[0]!.feed({ t: "say", text: "two" });
    clock.time = 70_000;
    const seen: [SessionEvent, number][] = [];
    const w = t.watch("s1", (e, at) => seen.push([e, at]));
    expect(w.now).toBe(70_000);
    expect(seen.filter(([e]) => textOf(e) !== null).map(([e, at]) => [textOf(e), at])).toEqual([
      ["one", 60_000],
      ["two", 62_500],
    ]);
    clock.time = 71_000;
    await sessions[0]!.feed({ t: "say", text: "live" });
    expect(seen.at(-1)).toEqual([expect.objectContaining({ text: "live" }), 71_000]);
  });

  it("keep their times as the oldest go: a window's events are stamped as they were emitted", async () => {
    const { launcher, sessions } = scriptedLauncher();
    const clock = new FakeClock(0);
    const t = new SessionTable({ launcher, killWaitMs: 200, clock, maxKeptEvents: 3 });
    await t.create(spec());
    for (const [i, text] of ["a", "b", "c", "d", "e"].entries()) {
      clock.time = 1_000 * (i + 1);
      await sessions[0]!.feed({ t: "say", text });
    }
    const seen: [string | null, number][] = [];
    t.watch("s1", (e, at) => seen.push([textOf(e), at]));
    expect(seen).toEqual([
      ["c", 3_000],
      ["d", 4_000],
      ["e", 5_000],
    ]);
  });

  it("bring back an open question from before the window with the time it was asked", async () => {
    const { t, sessions, clock } = timed();
    await t.create(spec());
    const s = sessions[0]!;
    await s.handle.send("in-1", "deploy?");
    clock.time = 55_000;
    await s.feed({ t: "ask-q", q: "which env?" }, { t: "end" });
    clock.time = 56_000;
    for (const text of ["a", "b", "c", "d"]) await s.feed({ t: "say", text });
    const seen: [SessionEvent, number][] = [];
    t.watch("s1", (e, at) => seen.push([e, at]), 2);
    expect(seen[0]).toEqual([expect.objectContaining({ kind: "question" }), 55_000]);
    expect(seen.slice(1).map(([, at]) => at)).toEqual([56_000, 56_000]);
  });
});

describe("an attach's replay", () => {
  it("says when each replayed event was emitted and the server's clock at the reply; live lines carry no time", async () => {
    const { t, sessions, clock } = timed();
    const server = await serveFresh(t, cleanups, { prefix: "hmux-replay-at-" });
    const client = await server.client();
    const created = await client.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    const id = created.session.id;
    clock.time = 61_000;
    await sessions[0]!.feed({ t: "say", text: "kept" });
    clock.time = 65_000;
    const lines: [string | null, number | undefined][] = [];
    client.onEvent((session, event, at) => {
      if (session === id) lines.push([textOf(sessionEventOf(event)), at]);
    });
    const reply = await client.request({ op: "attach", session: id });
    clock.time = 66_000;
    await sessions[0]!.feed({ t: "say", text: "live" });
    await client.list();
    expect(reply.now).toBe(65_000);
    const replayed = reply.events.map((e, i) => [textOf(sessionEventOf(e)), reply.times[i]] as const);
    expect(replayed.filter(([text]) => text !== null)).toEqual([["kept", 61_000]]);
    // Every replayed event says when, the session's first events included.
    expect(reply.times).toHaveLength(reply.events.length);
    expect(lines.filter(([text]) => text !== null)).toEqual([["live", undefined]]);
  });
});

describe("a restored session", () => {
  it("keeps its journal's times for its events, and the restore's for what the restore says", () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-restore-times-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const env = { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
    const times = [Date.parse("2026-12-01T11:00:00.000Z"), Date.parse("2026-12-01T11:00:24.600Z")];
    let i = 0;
    const w = new JournalWriter(
      journalPath("a", env),
      { sessionId: "a", harness: "claude", cwd: "/work", stateDir: join(dir, "a"), isolate: true },
      { origin: "fresh", pid: 999_001, startedAt: "2026-12-01T11:00:00.000Z" },
      () => times[i++]!,
    );
    w.record({ kind: "turn", turnId: "a:turn-1", id: "in-1" });
    w.record({ kind: "done", exitCode: 0, cause: "clean" });
    w.close();
    fileSessionRecords(env, Date.now).save({
      format: SESSION_RECORD_FORMAT,
      id: "a",
      name: "w-a",
      harness: "claude",
      cwd: "/work",
      createdAt: 1_000,
      options: {},
    });
    const { sessions } = restoreDetached({
      env,
      self: { pid: 4242, startedAt: Date.parse("2026-12-01T12:00:00Z") },
      isAlive: () => false,
      maxKept: 10_000,
      now: () => 9_000,
    });
    const { launcher } = scriptedLauncher();
    const t = new SessionTable({ launcher, clock: new FakeClock(9_500) });
    t.restore(sessions);
    const seen: [string, number][] = [];
    t.watch("a", (e, at) => seen.push([e.kind, at]));
    expect(seen).toEqual([
      ["turn", times[0]],
      ["done", times[1]],
      ["warning", 9_000],
      ["closed", 9_000],
    ]);
  });
});
