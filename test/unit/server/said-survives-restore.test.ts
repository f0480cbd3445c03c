/**
 * What a person sends or answers through the server is journaled with the session's own events:
 * after the server dies (kill -9) the next one restores the session and an attach replays each
 * prompt and answer where it was said, in order with the turns, as the live session did — claude
 * never echoes what it is sent, so the journal is the only copy. Over-long text is kept bounded,
 * its start kept and the rest said.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readJournal } from "../../../src/core/control/journal-format.js";
import { MAX_SAID_CHARS } from "../../../src/core/control/said-message.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { restoreDetached } from "../../../src/server/restore.js";
import { fileSessionRecords } from "../../../src/server/restore-records.js";
import { type Launcher, SessionTable } from "../../../src/server/session-table.js";
import { JournalWriter, journalPath } from "../../../src/session/journal.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { flush } from "../session/session-fixture.js";
import { serverSession } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

const DEAD_SERVER_PID = 999_002;
let dir: string;
let env: Record<string, string>;
const cleanups: Cleanups = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hmux-said-"));
  env = { HOME: dir, XDG_STATE_HOME: join(dir, "state") };
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  rmSync(dir, { recursive: true, force: true });
});

/** Scripted sessions whose runtime records each event, as launchSession wires the journal writer. */
function journalingLauncher() {
  const sessions: ReturnType<typeof serverSession>[] = [];
  const launcher: Launcher = (spec) => {
    const s = serverSession({ sessionId: `s${sessions.length + 1}` });
    sessions.push(s);
    return { handle: s.handle, cwd: spec.cwd, notes: [] };
  };
  return { launcher, sessions };
}

/** The journal file a dead server left: what its session's runtime recorded, in order. */
function leaveJournal(id: string, recorded: readonly SessionEvent[]): string {
  const path = journalPath(id, env);
  const w = new JournalWriter(
    path,
    { sessionId: id, harness: "claude", cwd: "/work", stateDir: join(dir, id), isolate: true },
    { origin: "fresh", pid: DEAD_SERVER_PID, startedAt: "2026-12-01T11:00:00.000Z" },
    Date.now,
  );
  for (const e of recorded) w.record(e);
  w.close();
  return path;
}

/** What a transcript says, in order: each message as role and text, every other event as its kind. */
const shape = (events: readonly SessionEvent[]) =>
  events.filter((e) => e.kind !== "state").map((e) => (e.kind === "message" ? `${e.role}: ${e.text}` : e.kind));
const userTexts = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.kind === "message" && e.role === "user" ? [e.text] : []));

describe("what a person said, across a server killed and restored", () => {
  it("a restored session replays each prompt and answer in order with its turns, as the live one did", async () => {
    const { launcher, sessions } = journalingLauncher();
    const table = new SessionTable({
      clock: new FakeClock(),
      launcher,
      killWaitMs: 200,
      records: fileSessionRecords(env, Date.now),
    });
    const { client } = await serveFresh(table, cleanups, { prefix: "hmux-said-srv-" });
    const c = await client();
    const opened = await c.request({ op: "create", harness: "claude", cwd: "/work", name: "q", options: {} });
    const id = (opened.session as { id: string }).id;
    const s = sessions[0]!;

    await c.request({ op: "input", session: "q", line: { op: "send", id: "in-1", text: "my first prompt" } });
    await s.feed({ t: "ask-q", q: "Keep hmux-demo.txt?" }, { t: "end" });
    await c.request({ op: "input", session: "q", line: { op: "answer", id: "in-2", text: "keep it" } });
    await s.feed({ t: "say", text: "kept" }, { t: "end" });
    await flush();

    const live: SessionEvent[] = [];
    table.watch(id, (e) => live.push(e)).stop();
    expect(userTexts(live)).toEqual(["my first prompt", "keep it"]);

    // kill -9: nothing more is written; a new server restores from the journal alone.
    const path = leaveJournal(id, s.journal);
    expect(userTexts(readJournal(readFileSync(path, "utf8")).records.map((r) => r.event))).toEqual([
      "my first prompt",
      "keep it",
    ]);
    const restored = new SessionTable({ clock: new FakeClock(), launcher: journalingLauncher().launcher });
    restored.restore(
      restoreDetached({
        env,
        self: { pid: process.pid, startedAt: Date.now() },
        isAlive: () => false,
        maxKept: 10_000,
        now: () => Date.now(),
      }).sessions,
    );
    const replayed: SessionEvent[] = [];
    restored.watch("q", (e) => replayed.push(e)).stop();

    expect(shape(replayed).slice(0, shape(live).length)).toEqual(shape(live));
    expect(shape(replayed).filter((k) => k === "turn" || k.startsWith("user: "))).toEqual([
      "user: my first prompt",
      "turn",
      "user: keep it",
      "turn",
    ]);
  });

  it.each([
    ["steer", "steer"],
    ["inject", "message.inject"],
  ])("text a person sends to %s a running turn is journaled as what they said", async (_how, command) => {
    const { launcher, sessions } = journalingLauncher();
    const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
    const { client } = await serveFresh(table, cleanups, { prefix: "hmux-said-srv-" });
    const c = await client();
    await c.request({ op: "create", harness: "claude", cwd: "/work", name: "q", options: {} });
    await c.request({ op: "input", session: "q", line: { op: "send", id: "in-1", text: "start" } });
    const line = { format: "metaharness.command/1", id: "c-1", command, text: "and mind the tests" };
    await c.request({ op: "input", session: "q", line, as: "human" });
    expect(userTexts(sessions[0]!.journal)).toEqual(["start", "and mind the tests"]);
  });

  it("the first prompt a session is created with is journaled before its turn, as a later send is", async () => {
    const { launcher, sessions } = journalingLauncher();
    const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
    await table.create({ harness: "claude", cwd: "/work", options: { prompt: "[[say:hi]] my first prompt" } }, "q");
    await sessions[0]!.feed({ t: "say", text: "hi" }, { t: "end" });
    const journaled = shape(sessions[0]!.journal).filter((k) => k === "turn" || k.startsWith("user: "));
    expect(journaled).toEqual(["user: [[say:hi]] my first prompt", "turn"]);
  });

  it("text longer than the bound is journaled as its start and how much more was sent, not dropped", async () => {
    const { launcher, sessions } = journalingLauncher();
    const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
    const opened = await table.create({ harness: "claude", cwd: "/work", options: {} }, "big");
    const long = `${"a".repeat(MAX_SAID_CHARS)}${"z".repeat(10)}`;
    table.said(opened.summary.id, long);
    const kept = userTexts(sessions[0]!.journal);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.startsWith("a".repeat(MAX_SAID_CHARS))).toBe(true);
    expect(kept[0]!.includes("z")).toBe(false);
    expect(kept[0]!.slice(MAX_SAID_CHARS)).toBe("\n… (10 more characters were sent but are not kept here)");
  });
});
