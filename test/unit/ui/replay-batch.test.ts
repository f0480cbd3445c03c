/**
 * A replay handed over as one batch (an attach: subscribeBatched) is folded into the store in
 * one step, and the pane it leaves is the pane the same events leave applied one by one: the
 * same transcript (with the same eviction), the same pending approvals and question. Only the
 * announcements differ: a batch announces what needs you after it, once.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionBatchListener } from "../../../src/ui/session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { MAX_ENTRIES } from "../../../src/ui/store/session-view.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

/** A port that hands its events over as batches, as a server session's port hands over a replay. */
class BatchPort extends FakePort {
  private readonly batchListeners = new Set<SessionBatchListener>();
  subscribeBatched(listener: SessionBatchListener): () => void {
    this.batchListeners.add(listener);
    return () => this.batchListeners.delete(listener);
  }
  batch(events: readonly SessionEvent[]): void {
    for (const l of this.batchListeners) l(events);
  }
}

const call = (callId: string, tool = "Bash") => ({
  callId,
  tool,
  input: { command: `echo ${callId}` },
  openedAt: 1_700_000_000_000,
  deadlineAt: null,
});

/** More than a pane keeps, with tools, a settled approval, a pending one and a question among them. */
function history(): SessionEvent[] {
  const events: SessionEvent[] = [
    { kind: "state", from: "starting", to: "idle" },
    { kind: "message", role: "user", text: "go" },
    { kind: "state", from: "idle", to: "running" },
  ];
  for (let i = 0; i < MAX_ENTRIES + 80; i++) {
    if (i % 10 === 9) {
      events.push({ kind: "tool", phase: "call", callId: `t${i}`, name: "Read", input: { file_path: `f${i}.ts` } });
      events.push({ kind: "tool", phase: "result", callId: `t${i}`, output: `body ${i}`, isError: false });
    } else events.push({ kind: "token", text: `part ${i} ` }, { kind: "message", role: "assistant", text: `m${i}` });
  }
  events.push(
    { kind: "approval-request", call: call("settled") },
    {
      kind: "approval-disposition",
      callId: "settled",
      decision: { decision: "allow" },
      decider: "person",
      status: "sent",
    },
    { kind: "tool", phase: "call", callId: "settled", name: "Bash", input: { command: "echo settled" } },
    { kind: "tool", phase: "result", callId: "settled", output: "settled", isError: false },
    { kind: "state", from: "running", to: "awaiting-approval" },
    { kind: "approval-request", call: call("open") },
    { kind: "question", question: "which file?", options: ["a.ts", "b.ts"] },
  );
  return events;
}

function storeWith<P extends FakePort>(port: P) {
  const notes: string[] = [];
  const store = new AppStore({
    scheduler: new ManualScheduler(),
    notifier: {
      notify: (_key: string, _title: string, reason: string) => {
        notes.push(reason);
        return true;
      },
    },
  });
  const key = store.addSession(port);
  store.start();
  // The person is in another window, so the one (focused) pane is announced.
  store.dispatch({ kind: "terminal-focus", focused: false });
  return { store, notes, view: () => store.state.sessions.get(key)! };
}

describe("a replay folded as one batch", () => {
  it("leaves the pane with the transcript, pending approvals and question the events leave one by one", () => {
    const events = history();
    const single = new FakePort();
    const one = storeWith(single);
    single.emit(...events);
    const batched = new BatchPort();
    const all = storeWith(batched);
    batched.batch(events);

    const a = one.view();
    const b = all.view();
    expect(b.entries.length).toBe(MAX_ENTRIES);
    expect(b.evicted).toBeGreaterThan(0);
    expect(b.entries).toEqual(a.entries);
    expect(b.evicted).toBe(a.evicted);
    expect(b.approvals.map((c) => c.callId)).toEqual(["open"]);
    expect(b.approvals).toEqual(a.approvals);
    expect(b.question).toEqual(a.question);
    expect(b.question?.question).toBe("which file?");
    expect(b.lifecycle).toBe(a.lifecycle);
  });

  it("reaches the store as one step: the pane has every event before any other message", () => {
    const events = history();
    const batched = new BatchPort();
    const { store, view } = storeWith(batched);
    const seen: number[] = [];
    store.subscribe(() => seen.push(view().entries.length));
    batched.batch(events);
    store.commit();
    // One publish, and it already holds the whole window: no frame shows a half-replayed pane.
    expect(seen).toEqual([MAX_ENTRIES]);
  });

  it("announces what needs you after it once, and not an approval settled within it", () => {
    const batched = new BatchPort();
    const { notes } = storeWith(batched);
    batched.batch(history());
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/approval needed/);
    expect(notes.join("\n")).not.toMatch(/settled/);
  });
});
