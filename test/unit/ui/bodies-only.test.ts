/**
 * A published state that changes only the transcripts goes to the body layer instead of React
 * (chrome-equal.ts, app-store.ts): React is told only when something else on screen changed, or
 * when the layer could not draw the state.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { systemScheduler } from "../../../src/main/system-scheduler.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { chromeEqual } from "../../../src/ui/store/chrome-equal.js";
import type { UiState } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Two running sessions with everything drawn; React's notifications and the layer's draws counted. */
function runningStore(layerDraws: boolean) {
  const store = new AppStore({ commitMs: 80, scheduler: systemScheduler });
  const ports = [new FakePort(), new FakePort()];
  for (const p of ports) store.addSession(p);
  store.start();
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "running" });
  vi.advanceTimersByTime(400);
  const layer: UiState[] = [];
  store.drawBodiesOnly = (frame) => {
    layer.push(frame);
    return layerDraws;
  };
  let told = 0;
  store.subscribe(() => told++);
  return { store, ports, layer, told: () => told };
}

describe("a state that changes only transcripts", () => {
  it("is drawn by the body layer and React is not told, while the spinner turns too", () => {
    const { store, ports, layer, told } = runningStore(true);
    ports[1]!.emit({ kind: "message", role: "assistant", text: "new row" });
    vi.advanceTimersByTime(400);
    expect(layer.length).toBeGreaterThan(0);
    expect(told()).toBe(0);
    expect(store.frame.sessions.get(store.frame.panes[1]!)!.entries.at(-1)).toMatchObject({ text: "new row" });
  });

  it("a key typed on the focused pane's input line is drawn by the body layer, React not told, the first key too", () => {
    const { store, layer, told } = runningStore(true);
    // The first key also says the person has acted (focus stops following requests): nothing on screen shows that.
    store.dispatch({ kind: "edit-input", edit: { input: "x" } });
    expect(store.state.acted).toBe(true);
    store.dispatch({ kind: "edit-input", edit: { input: "y" } });
    expect(layer.at(-1)?.drafts.get(store.frame.panes[store.frame.focus]!)).toBe("xy");
    expect(told()).toBe(0);
  });

  it("goes to React when the layer cannot draw it", () => {
    const { ports, layer, told } = runningStore(false);
    ports[1]!.emit({ kind: "message", role: "assistant", text: "new row" });
    vi.advanceTimersByTime(400);
    expect(layer.length).toBeGreaterThan(0);
    expect(told()).toBeGreaterThan(0);
  });

  it("goes to React with anything else that changed: a session's state", () => {
    const { ports, told } = runningStore(true);
    ports[1]!.emit(
      { kind: "message", role: "assistant", text: "new row" },
      { kind: "state", from: "running", to: "idle" },
    );
    vi.advanceTimersByTime(400);
    expect(told()).toBeGreaterThan(0);
  });
});

describe("chromeEqual", () => {
  it("holds for states apart only in entries (and the spinner's tick), not for any other field", () => {
    const { store, ports } = runningStore(true);
    const before = store.state;
    // The focused pane's output is folded at once (another's waits for its catch-up).
    ports[1]!.emit({ kind: "message", role: "assistant", text: "more" });
    const after = store.state;
    expect(after).not.toBe(before);
    expect(chromeEqual(before, after)).toBe(true);
    expect(chromeEqual(before, { ...after, tick: after.tick + 1 })).toBe(true);
    expect(chromeEqual(before, { ...after, focus: 1 - after.focus })).toBe(false);
    const key = after.panes[0]!;
    const view = after.sessions.get(key)!;
    const sessions = new Map(after.sessions).set(key, { ...view, model: "another" });
    expect(chromeEqual(before, { ...after, sessions })).toBe(false);
  });
});
