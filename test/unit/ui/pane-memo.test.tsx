/**
 * Panes whose view did not change are not rendered again. Renders are counted per pane at
 * PaneHeader, which only its own Pane renders, so a count is a real render of that Pane (its
 * memo let it through). The rect each Pane is handed is recorded by a pass-through around Pane,
 * which sees every element GridLayout creates whether or not the memo then skips it.
 */
import { createElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PendingCall } from "../../../src/core/control/types.js";
import type { PaneProps } from "../../../src/ui/components/Pane.js";
import type { PaneHeaderProps } from "../../../src/ui/components/PaneHeader.js";
import type { Rect } from "../../../src/ui/layout/tile.js";
import { BACKGROUND_MS } from "../../../src/ui/store/app-store.js";
import { FLASH_MS } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { type Mounted, mount, tick } from "./harness.js";

const seen = vi.hoisted(() => ({
  renders: new Map<string, number>(),
  rects: new Map<string, Rect>(),
  /** Renders of the component holding hmux's key handlers (it calls useKeyDispatch once per render). */
  keyHandlers: 0,
}));

vi.mock("../../../src/ui/hooks/use-key-dispatch.js", async (load) => {
  const real = await load<typeof import("../../../src/ui/hooks/use-key-dispatch.js")>();
  return {
    useKeyDispatch: () => {
      seen.keyHandlers++;
      real.useKeyDispatch();
    },
  };
});

vi.mock("../../../src/ui/components/PaneHeader.js", async (load) => {
  const real = await load<typeof import("../../../src/ui/components/PaneHeader.js")>();
  return {
    ...real,
    PaneHeader: (props: PaneHeaderProps) => {
      seen.renders.set(props.view.key, (seen.renders.get(props.view.key) ?? 0) + 1);
      return real.PaneHeader(props);
    },
  };
});

vi.mock("../../../src/ui/components/Pane.js", async (load) => {
  const real = await load<typeof import("../../../src/ui/components/Pane.js")>();
  return {
    ...real,
    Pane: (props: PaneProps) => {
      seen.rects.set(props.view.key, props.rect);
      return createElement(real.Pane, props);
    },
  };
});

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const KEYS = ["s1", "s2", "s3", "s4"] as const;

/** Four idle panes in a 2×2 grid, everything drawn, the cadence running; the last one is focused. */
async function fourPanes(): Promise<{ mounted: Mounted; ports: FakePort[] }> {
  const ports = KEYS.map(() => new FakePort());
  m = await mount({ ports, columns: 120, rows: 30 });
  expect(m.store.state.panes).toEqual(KEYS);
  for (const p of ports) p.emit({ kind: "state", from: "starting", to: "idle" });
  m.store.start();
  await m.flush();
  seen.renders.clear();
  seen.keyHandlers = 0;
  return { mounted: m, ports };
}

/** Advances the manual clock by `commits` cadence periods, letting React draw after each. */
async function commits(mounted: Mounted, count: number, each?: (i: number) => void): Promise<void> {
  for (let i = 0; i < count; i++) {
    each?.(i);
    mounted.clock.advance(mounted.store.commitMs);
    await tick(8);
  }
}

const rendersOf = (key: string): number => seen.renders.get(key) ?? 0;
const others = (...involved: string[]): Record<string, number> =>
  Object.fromEntries(KEYS.filter((k) => !involved.includes(k)).map((k) => [k, rendersOf(k)]));
const none = (...involved: string[]): Record<string, number> =>
  Object.fromEntries(KEYS.filter((k) => !involved.includes(k)).map((k) => [k, 0]));

function call(callId: string, deadlineAt: number | null): PendingCall {
  return { callId, tool: "Bash", input: { command: "ls" }, openedAt: 0, deadlineAt };
}

describe("a pane whose view did not change is not rendered again", () => {
  it("a background pane streaming output re-renders itself alone, and only at its catch-ups", async () => {
    const { mounted, ports } = await fourPanes();
    ports[1]!.emit({ kind: "state", from: "idle", to: "running" });
    const COMMITS = 20;
    await commits(mounted, COMMITS, (i) => ports[1]!.emit({ kind: "token", text: `word${i} ` }));
    expect(mounted.frame()).toContain("word");
    expect(others("s2")).toEqual(none("s2"));
    expect(rendersOf("s2")).toBeGreaterThan(0);
    expect(rendersOf("s2")).toBeLessThanOrEqual(Math.ceil((COMMITS * mounted.store.commitMs) / BACKGROUND_MS) + 1);
  });

  it("the focused pane streaming output re-renders itself alone", async () => {
    const { mounted, ports } = await fourPanes();
    await commits(mounted, 12, (i) => ports[3]!.emit({ kind: "token", text: `word${i} ` }));
    expect(rendersOf("s4")).toBeGreaterThanOrEqual(10);
    expect(others("s4")).toEqual(none("s4"));
  });

  it("a focus change re-renders the pane that lost focus and the one that gained it, no other", async () => {
    const { mounted } = await fourPanes();
    mounted.store.dispatch({ kind: "focus", index: 0 });
    await tick(20);
    expect(rendersOf("s1")).toBeGreaterThan(0);
    expect(rendersOf("s4")).toBeGreaterThan(0);
    expect(others("s1", "s4")).toEqual(none("s1", "s4"));
  });

  it("a flash appearing on the status line and expiring there re-renders no pane", async () => {
    const { mounted } = await fourPanes();
    mounted.store.dispatch({ kind: "toggle-notices" }); // the focused pane has no notices: a flash says so
    await tick(20);
    expect(mounted.store.frame.flash).not.toBeNull();
    mounted.clock.advance(FLASH_MS + 1);
    await tick(20);
    expect(mounted.store.frame.flash).toBeNull();
    expect(others()).toEqual(none());
  });

  it("the focused pane's spinner turns without re-rendering the idle panes", async () => {
    const { mounted, ports } = await fourPanes();
    ports[3]!.emit({ kind: "state", from: "idle", to: "running" });
    await commits(mounted, 15);
    expect(mounted.store.frame.tick).toBeGreaterThanOrEqual(14);
    expect(rendersOf("s4")).toBeGreaterThanOrEqual(14);
    expect(others("s4")).toEqual(none("s4"));
    // Nor the key handlers: they read only whether to quit, not every frame.
    expect(seen.keyHandlers).toBe(0);
  });

  it("a countdown redraws its own pane when its text changes, not a pane whose countdown still reads the same", async () => {
    const { mounted, ports } = await fourPanes();
    const now = mounted.clock.now();
    // s1 counts down by the second (its last ten); s2 reads "9 min" for the whole test.
    ports[0]!.emit({ kind: "approval-request", call: call("c1", now + 9_500) });
    ports[1]!.emit({ kind: "approval-request", call: call("c2", now + 575_000) });
    await commits(mounted, 5); // both requests drawn at a catch-up
    seen.renders.clear();
    for (let s = 0; s < 10; s++) {
      mounted.clock.advance(1000);
      await tick(8);
    }
    expect(mounted.frame()).toContain("auto-deny in 9 min");
    expect(rendersOf("s1")).toBeGreaterThanOrEqual(9);
    expect(rendersOf("s1")).toBeLessThanOrEqual(11);
    expect(others("s1")).toEqual(none("s1"));
  });
});

describe("stable geometry", () => {
  it("events, a new approval and a new flash leave every pane's rect the same object; a resize gives all new ones", async () => {
    const { mounted, ports } = await fourPanes();
    const before = new Map(seen.rects);
    expect([...before.keys()].sort()).toEqual([...KEYS]);
    await commits(mounted, 8, (i) => ports[1]!.emit({ kind: "token", text: `w${i} ` }));
    ports[2]!.emit({ kind: "approval-request", call: call("c3", null) });
    mounted.store.dispatch({ kind: "toggle-notices" });
    await mounted.flush();
    for (const key of KEYS) expect(seen.rects.get(key), key).toBe(before.get(key));

    seen.renders.clear();
    mounted.store.dispatch({ kind: "resize", columns: 100, rows: 30 });
    await tick(20);
    for (const key of KEYS) {
      expect(seen.rects.get(key), key).not.toBe(before.get(key));
      expect(rendersOf(key), key).toBeGreaterThan(0);
    }
  });
});
