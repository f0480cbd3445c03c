/**
 * A windowed replay (an attach with `replay: N`) still brings back what waits for the person: a
 * question still open and every call waiting for a decision. One older than the window comes
 * first, as itself; one inside the window, or one already answered or decided, is not added.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { flush } from "../session/session-fixture.js";
import { scriptedLauncher, spec } from "./fixture.js";
import { type Cleanups, serveFresh } from "./serve-fixture.js";

function table() {
  const { launcher, sessions } = scriptedLauncher();
  return { t: new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 }), sessions };
}

const requests = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.kind === "approval-request" ? [e.call.callId] : []));

describe("a windowed replay", () => {
  it("starts with the request of a call still pending that was asked before the window", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "old", tool: "Bash", input: { command: "ls" } });
    for (const text of ["a", "b", "c", "d", "e"]) await sessions[0]!.feed({ t: "say", text });
    const seen: SessionEvent[] = [];
    const w = t.watch("s1", (e) => seen.push(e), 3);
    expect(w.replayed).toBe(3);
    expect(requests(seen)).toEqual(["old"]);
    expect(seen[0]).toMatchObject({ kind: "approval-request", call: { callId: "old", tool: "Bash" } });
    expect(seen.slice(1)).toEqual(sessions[0]!.events.slice(-3));
  });

  it("adds nothing for a pending call asked within the window, nor for one decided before it", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "done", tool: "Bash", input: { command: "ls" } });
    await sessions[0]!.handle.command({
      command: "tool.decide",
      id: "d1",
      callId: "done",
      decision: { decision: "allow" },
    });
    for (const text of ["a", "b", "c", "d", "e"]) await sessions[0]!.feed({ t: "say", text });
    await sessions[0]!.feed({ t: "ask", id: "new", tool: "Bash", input: { command: "pwd" } });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 3);
    expect(requests(seen)).toEqual(["new"]);
    expect(seen).toEqual(sessions[0]!.events.slice(-3));
  });

  it("a watch that asks for no replay gets none, pending calls included", async () => {
    const { t, sessions } = table();
    await t.create(spec());
    await sessions[0]!.feed({ t: "ask", id: "old", tool: "Bash", input: { command: "ls" } });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 0);
    expect(seen).toEqual([]);
  });
});

const questions = (events: readonly SessionEvent[]) =>
  events.flatMap((e) => (e.kind === "question" ? [e.question] : []));

/** A session whose turn ended on the question "which env?", then `after` more messages. */
async function asked(after: number) {
  const { t, sessions } = table();
  await t.create(spec());
  const s = sessions[0]!;
  await s.handle.send("in-1", "deploy?");
  await s.feed({ t: "ask-q", q: "which env?" }, { t: "end" });
  for (let i = 0; i < after; i += 1) await s.feed({ t: "say", text: `note ${i}` });
  return { t, s };
}

describe("a windowed replay of a session waiting for an answer", () => {
  it("starts with the question when it is still open and was asked before the window", async () => {
    const { t, s } = await asked(5);
    expect(s.handle.snapshot().lifecycle).toBe("awaiting-input");
    const seen: SessionEvent[] = [];
    const w = t.watch("s1", (e) => seen.push(e), 3);
    expect(w.replayed).toBe(3);
    expect(seen[0]).toEqual(s.events.find((e) => e.kind === "question"));
    expect(seen.slice(1)).toEqual(s.events.slice(-3));
  });

  it("does not bring back a question answered before the window", async () => {
    const { t, s } = await asked(0);
    expect(await s.handle.answer("a-1", "prod")).toEqual({ disposition: "started" });
    for (const text of ["a", "b", "c", "d", "e"]) await s.feed({ t: "say", text });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 3);
    expect(questions(seen)).toEqual([]);
    expect(seen).toEqual(s.events.slice(-3));
  });

  it("does not bring back the question of a session that closed before the window", async () => {
    const { t, s } = await asked(0);
    s.child().exit(0);
    await flush();
    expect(s.events.at(-1)?.kind).toBe("closed");
    for (const message of ["a", "b", "c", "d", "e"]) t.note("s1", { kind: "warning", code: "TEST_NOTE", message });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 3);
    expect(questions(seen)).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it("does not double a question that is inside the window", async () => {
    const { t, s } = await asked(2);
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e), 10);
    expect(questions(seen)).toEqual(["which env?"]);
    expect(seen).toEqual(s.events.slice(-10));
  });

  it("brings the question back when the kept events no longer hold it (a whole replay)", async () => {
    const { launcher, sessions } = scriptedLauncher();
    const t = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200, maxKeptEvents: 4 });
    await t.create(spec());
    const s = sessions[0]!;
    await s.handle.send("in-1", "deploy?");
    await s.feed({ t: "ask-q", q: "which env?" }, { t: "end" });
    for (const text of ["a", "b", "c", "d", "e"]) await s.feed({ t: "say", text });
    const seen: SessionEvent[] = [];
    t.watch("s1", (e) => seen.push(e));
    expect(questions(seen)).toEqual(["which env?"]);
    expect(seen.slice(1)).toEqual(s.events.slice(-4));
  });
});

describe("a batched attach (the replay inside the reply, as hmux attach asks)", () => {
  const cleanups: Cleanups = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("starts its events with an open question asked before the window", async () => {
    const { launcher, sessions } = scriptedLauncher();
    const server = await serveFresh(new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 }), cleanups, {
      prefix: "hmux-replay-q-",
    });
    const client = await server.client();
    const created = await client.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
    const id = (created.session as SessionSummary).id;
    const s = sessions[0]!;
    await s.handle.send("in-1", "deploy?");
    await s.feed({ t: "ask-q", q: "which env?" }, { t: "end" });
    for (const text of ["a", "b", "c", "d", "e"]) await s.feed({ t: "say", text });
    const reply = await client.request({ op: "attach", session: id, replay: 3 });
    const events = reply.events as SessionEvent[];
    expect(events[0]).toEqual(s.events.find((e) => e.kind === "question"));
    expect(events.slice(1)).toEqual(s.events.slice(-3));
  });
});
