/**
 * A session the person is not looking at costs one fold per catch-up, not one a record
 * (held-output.ts, app-store.ts): its transcript output waits for the background catch-up its pane
 * is drawn at anyway, while anything that can need the person is folded at once, in order, and
 * every act of the person's sees every session as it is.
 */
import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { AppStore, BACKGROUND_MS } from "../../../src/ui/store/app-store.js";
import type { UiState } from "../../../src/ui/store/ui-state.js";
import { FakePort, ManualScheduler } from "./fake-port.js";

const say = (text: string): SessionEvent => ({ kind: "message", role: "assistant", text });

function texts(state: UiState, key: string): string[] {
  return (state.sessions.get(key)?.entries ?? []).flatMap((e) => (e.kind === "message" ? [e.text] : []));
}

/** Two sessions, the second focused (the last opened), with the cadence running. */
function twoSessions() {
  const clock = new ManualScheduler();
  const store = new AppStore({ scheduler: clock, commitMs: 80 });
  const ports = [new FakePort(), new FakePort()];
  const [background, focused] = ports.map((p) => store.addSession(p)) as [string, string];
  store.start();
  store.commit();
  return { clock, store, ports, background, focused };
}

describe("output of a session not in front of the person", () => {
  it("is folded in one batch at the background catch-up, in order, while the focused pane's is folded at once", () => {
    const { clock, store, ports, background, focused } = twoSessions();
    const before = store.state;
    for (let i = 0; i < 5; i++) ports[0]!.emit(say(`b${i}`));
    expect(store.state).toBe(before);
    ports[1]!.emit(say("f0"));
    expect(texts(store.state, focused)).toEqual(["f0"]);
    expect(texts(store.state, background)).toEqual([]);
    clock.advance(BACKGROUND_MS);
    expect(texts(store.state, background)).toEqual(["b0", "b1", "b2", "b3", "b4"]);
    expect(texts(store.frame, background)).toEqual(["b0", "b1", "b2", "b3", "b4"]);
  });

  it("is folded at once, with what was held before it, when it asks the person something", () => {
    const { store, ports, background } = twoSessions();
    ports[0]!.emit(say("held"));
    ports[0]!.emit({
      kind: "approval-request",
      call: { callId: "c1", tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt: null },
    });
    const view = store.state.sessions.get(background)!;
    expect(view.approvals.map((c) => c.callId)).toEqual(["c1"]);
    expect(texts(store.state, background)).toEqual(["held"]);
    // A question in a message's text is asking too.
    ports[0]!.emit(say('```hcn-question\n{"question": "which?", "options": ["a", "b"]}\n```'));
    expect(store.state.sessions.get(background)!.entries.length).toBeGreaterThan(view.entries.length);
  });

  it("is all folded before anything the person does other than typing", () => {
    const { store, ports, background } = twoSessions();
    ports[0]!.emit(say("one"), say("two"));
    store.dispatch({ kind: "edit-input", edit: { input: "x" } });
    expect(texts(store.state, background)).toEqual([]);
    store.dispatch({ kind: "focus", index: 0 });
    expect(texts(store.state, background)).toEqual(["one", "two"]);
    // Now in front of the person: its output is folded as it comes.
    ports[0]!.emit(say("three"));
    expect(texts(store.state, background)).toEqual(["one", "two", "three"]);
  });
});
