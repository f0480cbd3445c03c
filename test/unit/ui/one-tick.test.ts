/**
 * The TUI's animations (spinner, approval countdowns, flash expiry) and its commit cadence share
 * one timer, which runs only while something on screen moves. Real timers, faked: what is counted
 * is what the process would really have pending.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingCall } from "../../../src/core/control/types.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { SLOW_TICK_MS } from "../../../src/ui/store/tick-demand.js";
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
  const store = new AppStore({ commitMs: 80 });
  const ports = Array.from({ length: n }, () => new FakePort());
  for (const p of ports) store.addSession(p);
  store.start();
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
  vi.advanceTimersByTime(200);
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

  it("three panes waiting on approvals with deadlines wake once a second and redraw once a second", () => {
    const { store, ports } = idleStore(3);
    for (const [i, p] of ports.entries()) awaitApproval(p, call(`c${i}`, T0 + 60_000 + i * 1000));
    // The requests are drawn (background panes at their next catch-up); then only the countdowns move.
    vi.advanceTimersByTime(400);
    expect(vi.getTimerCount()).toBe(1);
    expect(store.tickMs).toBe(SLOW_TICK_MS);
    let draws = 0;
    store.subscribe(() => draws++);
    const clocks: number[] = [];
    store.subscribe(() => clocks.push(store.frame.clock));
    vi.advanceTimersByTime(10_000);
    expect(draws).toBeGreaterThanOrEqual(9);
    expect(draws).toBeLessThanOrEqual(11);
    // Each redraw moves the countdown on by one whole second.
    expect(new Set(clocks).size).toBe(clocks.length);
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
      if (i === 10) expect(store.tickMs).toBe(SLOW_TICK_MS);
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
    expect(store.tickMs).toBe(SLOW_TICK_MS);
    ports[0]!.emit(
      { kind: "approval-disposition", callId: "c0", decision: { decision: "allow" }, decider: "human", status: "sent" },
      { kind: "state", from: "awaiting-approval", to: "running" },
      { kind: "state", from: "running", to: "idle" },
    );
    vi.advanceTimersByTime(500);
    expect(vi.getTimerCount()).toBe(0);
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
