/**
 * A replay folded at the times its events happened: a pane attached after a turn reads as it did
 * live (the turn's footer says how long it ran, not "0ms"), a turn that began before the attach
 * and ends after it lasts from its real start, and an answered question shows the answer the
 * person gave, not the wording hmux sent the harness. Events a port hands over without a time
 * (an older server's replay, a live event) are folded as they arrive.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { composeAnswer } from "../../../src/core/question.js";
import type { SessionBatchListener } from "../../../src/ui/session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import type { TranscriptEntry } from "../../../src/ui/store/session-view.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

/** A port that hands its events over as batches with their times, as a server session's port hands over a replay. */
class BatchPort extends FakePort {
  private readonly batchListeners = new Set<SessionBatchListener>();
  subscribeBatched(listener: SessionBatchListener): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }
  batch(events: readonly SessionEvent[], times?: readonly (number | undefined)[]): void {
    for (const l of this.batchListeners) l(events, times);
  }
}

function storeWith<P extends FakePort>(port: P) {
  const scheduler = new ManualScheduler();
  const store = new AppStore({ scheduler });
  const key = store.addSession(port);
  store.start();
  return { store, scheduler, view: () => store.state.sessions.get(key)! };
}

const T0 = 1_700_000_000_000;

/** Two turns as a session emits them, each with the instant it was emitted at. */
const SESSION: readonly (readonly [SessionEvent, number])[] = [
  [{ kind: "state", from: "starting", to: "idle" }, T0],
  [{ kind: "message", role: "user", text: "tidy up" }, T0 + 100],
  [{ kind: "turn", turnId: "s:turn-1", id: "p1" }, T0 + 120],
  [{ kind: "state", from: "idle", to: "running" }, T0 + 120],
  [{ kind: "message", role: "assistant", text: "looking" }, T0 + 9_000],
  [{ kind: "done", exitCode: 0, cause: "clean" }, T0 + 120 + 24_600],
  [{ kind: "state", from: "running", to: "idle" }, T0 + 120 + 24_600],
  [{ kind: "message", role: "user", text: "and again" }, T0 + 60_000],
  [{ kind: "turn", turnId: "s:turn-2", id: "p2" }, T0 + 60_010],
  [{ kind: "done", exitCode: 0, cause: "clean" }, T0 + 60_010 + 146],
];

const ends = (entries: readonly TranscriptEntry[]) =>
  entries.flatMap((e) => (e.kind === "turn-end" ? [e.durationMs] : []));

describe("a replay folded at its events' times", () => {
  it("gives each replayed turn the duration it had live, not 0", () => {
    const live = new FakePort();
    const a = storeWith(live);
    for (const [event, at] of SESSION) {
      a.scheduler.time = at;
      live.emit(event);
    }
    const replayed = new BatchPort();
    const b = storeWith(replayed);
    // The attach happens an hour later: arrival time says nothing about how long the turns took.
    b.scheduler.time = T0 + 3_600_000;
    replayed.batch(
      SESSION.map(([event]) => event),
      SESSION.map(([, at]) => at),
    );

    expect(ends(a.view().entries)).toEqual([24_600, 146]);
    expect(ends(b.view().entries)).toEqual([24_600, 146]);
    expect(b.view().entries).toEqual(a.view().entries);
  });

  it("times a turn that began before the attach and ends live from its real start", () => {
    const port = new BatchPort();
    const { scheduler, view } = storeWith(port);
    scheduler.time = T0 + 10_000;
    port.batch(
      [
        { kind: "turn", turnId: "s:turn-1", id: "p1" },
        { kind: "state", from: "idle", to: "running" },
      ],
      [T0, T0],
    );
    scheduler.time = T0 + 24_600;
    // Live: it comes alone, without a time, and is folded as it arrives.
    port.batch([{ kind: "done", exitCode: 0, cause: "clean" }]);
    expect(ends(view().entries)).toEqual([24_600]);
  });

  it("folds a replayed event with no time (an older server's) as it arrives", () => {
    const port = new BatchPort();
    const { scheduler, view } = storeWith(port);
    scheduler.time = T0 + 5_000;
    port.batch(
      [
        { kind: "turn", turnId: "s:turn-1", id: "p1" },
        { kind: "done", exitCode: 0, cause: "clean" },
      ],
      [T0, undefined],
    );
    expect(view().entries.find((e) => e.kind === "turn-start")).toMatchObject({ at: T0 });
    expect(view().entries.find((e) => e.kind === "turn-end")).toMatchObject({ at: T0 + 5_000, durationMs: 5_000 });
  });
});

describe("an answered question", () => {
  const QUESTION = "Should I keep hmux-demo.txt?";
  const asked: SessionEvent[] = [
    { kind: "turn", turnId: "s:turn-1", id: "p1" },
    { kind: "question", question: QUESTION, options: ["keep it", "delete it"] },
    { kind: "done", exitCode: 0, cause: "clean" },
    { kind: "state", from: "running", to: "awaiting-input" },
  ];
  // What the harness echoes once the answer reached it: the wording hmux composed.
  const echo: SessionEvent = { kind: "message", role: "user", text: composeAnswer(QUESTION, "keep it") };
  const users = (entries: readonly TranscriptEntry[]) =>
    entries.flatMap((e) => (e.kind === "message" && e.role === "user" ? [e.text] : []));

  it("reads in a replay as the person's answer, as it did live", () => {
    const live = new FakePort();
    const a = storeWith(live);
    live.emit(...asked);
    a.store.dispatch({ kind: "submit-input", text: "keep it" });
    expect(live.intents).toContainEqual(expect.objectContaining({ kind: "answer", text: "keep it" }));
    live.emit(echo, { kind: "turn", turnId: "s:turn-2", id: "a1" });

    const replayed = new BatchPort();
    const b = storeWith(replayed);
    replayed.batch([...asked, echo, { kind: "turn", turnId: "s:turn-2", id: "a1" }]);

    expect(users(a.view().entries)).toEqual(["keep it"]);
    expect(users(b.view().entries)).toEqual(["keep it"]);
  });

  it("leaves a prompt that only looks like an answer elsewhere in its text as typed", () => {
    const port = new FakePort();
    const { view } = storeWith(port);
    const text = `why does hmux send ${JSON.stringify(composeAnswer(QUESTION, "keep it"))}?`;
    port.emit({ kind: "message", role: "user", text });
    expect(users(view().entries)).toEqual([text]);
  });
});
