/**
 * The TUI's animations (spinner, approval countdowns, flash expiry) and its commit cadence share
 * one timer, which runs only while something on screen moves, and for countdowns and flashes
 * wakes only when some text on screen changes. Real timers, faked: what is counted
 * is what the process would really have pending.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingCall } from "../../../src/core/control/types.js";
import { systemScheduler } from "../../../src/main/system-scheduler.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FLASH_MS } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";

const T0 = 1_700_000_000_000;

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
});

function call(callId: string, deadlineAt: number | null): PendingCall {
  return { callId, tool: "Bash", input: { command: "ls" }, openedAt: Date.now(), deadlineAt };
}

/** `n` sessions, all started and idle, with everything they said drawn. */
function idleStore(n: number): { store: AppStore; ports: FakePort[] } {
  const store = new AppStore({ commitMs: 80, scheduler: systemScheduler });
  const ports = Array.from({ length: n }, () => new FakePort());
  for (const p of ports) store.addSession(p);
  store.start();
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
  vi.advanceTimersByTime(200);
  // The person picks the last pane (already focused), so the others' requests leave focus there.
  store.dispatch({ kind: "focus", index: n - 1 });
  return { store, ports };
}

function awaitApproval(port: FakePort, c: PendingCall): void {
  port.emit({ kind: "approval-request", call: c }, { kind: "state", from: "idle", to: "awaiting-approval" });
}

describe("one coalesced tick", () => {
  it("an idle TUI with everything drawn has no timer pending", () => {
    const { store } = idleStore(3);
    expect(vi.getTimerCount()).toBe(0);
    expect(store.tickMs).toBeNull();
  });

  it("three panes waiting on far deadlines wake once a minute, aligned to the deadline, then every five seconds, and per second in the last ten", () => {
    const { store, ports } = idleStore(3);
    const deadline = Date.now() + 575_000; // "auto-deny in 9 min" with 9:35 left
    for (const [i, p] of ports.entries()) awaitApproval(p, call(`c${i}`, deadline));
    // The requests are drawn (background panes at their next catch-up); then only the countdowns move.
    vi.advanceTimersByTime(400);
    expect(vi.getTimerCount()).toBe(1);
    expect(store.tickMs).toBeNull();
    // "9 min" holds while more than nine minutes are left: the next change is exactly nine minutes before the deadline.
    expect(store.wakeAt).toBe(deadline - 540_000);
    const wakes: number[] = [];
    store.subscribe(() => wakes.push(Date.now()));
    vi.advanceTimersByTime(deadline - 60_000 - Date.now());
    // 9 min → 8 → … → 1 min, then "55 s": one redraw per change, each at the change itself.
    expect(wakes).toEqual(Array.from({ length: 9 }, (_, k) => deadline - (9 - k) * 60_000));
    wakes.length = 0;
    vi.advanceTimersByTime(50_000);
    // 55 s → 50 s → … → 10 s, which still reads "10 s" when the last ten seconds begin.
    expect(wakes).toEqual(Array.from({ length: 9 }, (_, k) => deadline - 55_000 + k * 5000));
    expect(vi.getTimerCount()).toBe(1);
    wakes.length = 0;
    vi.advanceTimersByTime(10_000);
    expect(wakes).toEqual(Array.from({ length: 10 }, (_, k) => deadline - 9_000 + k * 1000));
  });

  it("the wake-up is the nearest change among several countdowns", () => {
    const { store, ports } = idleStore(3);
    const base = Date.now();
    // Time left: 4:30 (next change at 4:00 left), 2:50 (at 2:00), 0:45.5 (at 0:45).
    const deadlines = [base + 270_000, base + 170_000, base + 45_500];
    for (const [i, p] of ports.entries()) awaitApproval(p, call(`c${i}`, deadlines[i]!));
    vi.advanceTimersByTime(400); // the requests are drawn at the commit cadence
    expect(store.wakeAt).toBe(base + 500);
    // Once the 45 s deadline has passed its "0 s" never changes; the others still count down.
    vi.advanceTimersByTime(46_000);
    expect(store.wakeAt).toBe(base + 170_000 - 120_000);
    // 59.999 s left on the second call: it now moves in five-second steps, ahead of the first call's minutes.
    vi.advanceTimersByTime(base + 110_001 - Date.now());
    expect(store.wakeAt).toBe(base + 170_000 - 55_000);
  });

  it("the instant countdowns are drawn at moves only when one would read differently", () => {
    const { store, ports } = idleStore(2);
    const deadline = Date.now() + 575_000;
    awaitApproval(ports[0]!, call("c0", deadline));
    ports[1]!.emit({ kind: "state", from: "idle", to: "running" }); // the focused spinner ticks at the commit rate
    vi.advanceTimersByTime(400);
    const clocks = new Set<number>();
    store.subscribe(() => clocks.add(store.frame.clock));
    vi.advanceTimersByTime(deadline - 540_000 - Date.now() + 200);
    expect(store.tickMs).toBe(store.commitMs);
    // Hundreds of frames for the spinner, but the countdown's instant moved once: "9 min" to "8 min".
    expect(clocks.size).toBe(2);
  });

  it("a flash alone wakes the TUI once, when it expires", () => {
    const { store } = idleStore(1);
    store.dispatch({ kind: "toggle-notices" }); // the pane has no notices: a flash says so
    expect(store.frame.flash).not.toBeNull();
    expect(store.tickMs).toBeNull();
    expect(store.wakeAt).toBe(Date.now() + FLASH_MS + 1);
    vi.advanceTimersByTime(FLASH_MS + 1);
    expect(store.frame.flash).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a spinner, three countdowns and streaming output at once keep exactly one timer pending", () => {
    const { store, ports } = idleStore(4);
    for (const [i, p] of ports.slice(0, 3).entries()) awaitApproval(p, call(`c${i}`, T0 + 60_000));
    const streaming = ports[3]!; // the last opened pane is focused
    streaming.emit({ kind: "state", from: "idle", to: "running" });
    for (let i = 0; i < 20; i++) {
      streaming.emit({ kind: "token", text: `w${i} ` });
      // The turn pauses for a while mid-way: the timer slows to the countdowns' rate, then speeds up again.
      if (i === 10) streaming.emit({ kind: "state", from: "running", to: "idle" });
      if (i === 10) vi.advanceTimersByTime(3000);
      if (i === 10) expect(store.wakeAt).toBeGreaterThan(Date.now());
      if (i === 11) streaming.emit({ kind: "state", from: "idle", to: "running" });
      vi.advanceTimersByTime(40);
      // One timer per animation would make this 4 or 5 (spinner, three countdowns, the cadence).
      expect(vi.getTimerCount()).toBe(1);
    }
    expect(store.tickMs).toBe(store.commitMs);
    const before = store.frame.tick;
    vi.advanceTimersByTime(800);
    expect(store.frame.tick - before).toBe(10);
  });

  it("the timer stops when the last animation ends: the turn ends and the approvals are decided", () => {
    const { store, ports } = idleStore(2);
    awaitApproval(ports[0]!, call("c0", T0 + 30_000));
    ports[1]!.emit({ kind: "state", from: "idle", to: "running" });
    vi.advanceTimersByTime(500);
    expect(store.tickMs).toBe(store.commitMs);
    ports[1]!.emit({ kind: "state", from: "running", to: "idle" });
    vi.advanceTimersByTime(500);
    expect(store.tickMs).toBeNull();
    expect(store.wakeAt).toBeGreaterThan(Date.now());
    ports[0]!.emit(
      {
        kind: "approval-disposition",
        callId: "c0",
        decision: { decision: "allow" },
        decider: "person",
        status: "sent",
      },
      { kind: "state", from: "awaiting-approval", to: "running" },
      { kind: "state", from: "running", to: "idle" },
    );
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a focused session that is still starting shows no spinner, so nothing ticks until its turn runs", () => {
    const store = new AppStore({ commitMs: 80, scheduler: systemScheduler });
    const port = new FakePort();
    store.addSession(port);
    store.start();
    vi.advanceTimersByTime(200);
    expect(store.frame.sessions.get(store.frame.panes[0]!)?.lifecycle).toBe("starting");
    expect(vi.getTimerCount()).toBe(0);
    port.emit({ kind: "state", from: "starting", to: "running" });
    expect(store.tickMs).toBe(store.commitMs);
  });

  it("an approval without a deadline has nothing to count down, so nothing ticks", () => {
    const { ports } = idleStore(3);
    for (const [i, p] of ports.entries()) awaitApproval(p, call(`c${i}`, null));
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a stopped store leaves no timer behind, even mid-stream", () => {
    const { store, ports } = idleStore(1);
    ports[0]!.emit({ kind: "state", from: "idle", to: "running" }, { kind: "token", text: "x" });
    expect(vi.getTimerCount()).toBe(1);
    store.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
