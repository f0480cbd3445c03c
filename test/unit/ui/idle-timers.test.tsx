/**
 * The whole mounted TUI (store, React, Ink, the key and mouse hooks), not only the store, keeps
 * no timer pending while nothing on screen moves, and one while several things do: an idle hmux
 * process can sleep. The process's clock timers are faked, so what is counted is every setTimeout
 * and setInterval anything in it has pending. setImmediate stays real: React schedules its
 * renders with it (taken at load, before any faking), and it never wakes an idle process.
 */

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PendingCall } from "../../../src/core/control/types.js";
import { systemScheduler } from "../../../src/main/system-scheduler.js";
import { App } from "../../../src/ui/App.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { FALLBACK_THEME } from "../../../src/ui/theme/theme.js";
import { renderTuiForTest } from "../../helpers/render-tui.js";
import { FakePort } from "./fake-port.js";

const T0 = 1_700_000_000_000;

let unmount: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
});
afterEach(() => {
  unmount?.();
  unmount = undefined;
  vi.useRealTimers();
});

/** Moves the faked clock on by `ms`, then lets React render what that published. */
async function advance(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
}

function call(callId: string, deadlineAt: number | null): PendingCall {
  return { callId, tool: "Bash", input: { command: "ls" }, openedAt: T0, deadlineAt };
}

/** Three idle sessions in the mounted App, wheel reporting on, everything drawn. */
async function mounted(): Promise<{ store: AppStore; ports: FakePort[]; frame: () => string }> {
  const store = new AppStore({ commitMs: 80, columns: 120, rows: 30, scheduler: systemScheduler });
  const ports = [new FakePort(), new FakePort({ harness: "codex" }), new FakePort({ harness: "pi" })];
  for (const p of ports) store.addSession(p);
  const r = renderTuiForTest(
    <App store={store} theme={FALLBACK_THEME} keymap={DEFAULT_KEYMAP} mouse terminalWrite={() => {}} />,
    { scheduler: systemScheduler },
  );
  unmount = r.unmount;
  store.start();
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
  await advance(1000);
  // The person picks the last pane (already focused), so the others' requests leave focus there.
  store.dispatch({ kind: "focus", index: ports.length - 1 });
  return { store, ports, frame: () => r.lastFrame() ?? "" };
}

describe("the mounted TUI's timers", () => {
  it("with no turn running, no deadline pending and no flash shown, nothing in the process has a timer pending", async () => {
    const { ports, frame } = await mounted();
    // Approvals without deadlines and a typed draft: on screen, but nothing in them moves.
    ports[0]!.emit({ kind: "approval-request", call: call("c1", null) });
    ports[0]!.emit({ kind: "state", from: "idle", to: "awaiting-approval" });
    await advance(1000);
    expect(frame()).toContain("approval 1/1");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a spinner and two countdowns in different panes share one timer, which stops when they all end", async () => {
    const { store, ports, frame } = await mounted();
    ports[0]!.emit({ kind: "approval-request", call: call("c1", T0 + 30_000) });
    ports[1]!.emit({ kind: "approval-request", call: call("c2", T0 + 600_000) });
    ports[2]!.emit({ kind: "state", from: "idle", to: "running" }); // the focused pane: its spinner turns
    for (let i = 0; i < 10; i++) {
      await advance(250);
      expect(vi.getTimerCount()).toBe(1);
    }
    expect(frame()).toContain("auto-deny in");
    expect(store.tickMs).toBe(store.commitMs);
    ports[2]!.emit({ kind: "state", from: "running", to: "idle" });
    for (const [i, p] of ports.slice(0, 2).entries())
      p.emit({
        kind: "approval-disposition",
        callId: `c${i + 1}`,
        decision: { decision: "allow" },
        decider: "person",
        status: "sent",
      });
    await advance(1000);
    expect(vi.getTimerCount()).toBe(0);
  });
});
