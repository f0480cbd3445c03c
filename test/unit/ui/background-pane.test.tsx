/**
 * What a background pane costs while another pane streams: how often it renders and how
 * often its rows on screen change. Pane renders are counted at PaneHeader, which only its
 * own Pane renders; tile() can be switched to rebuild its rects on every call (the defect
 * this guards against), to show the count would catch it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PaneHeaderProps } from "../../../src/ui/components/PaneHeader.js";
import { BACKGROUND_MS } from "../../../src/ui/store/app-store.js";
import { FakePort } from "./fake-port.js";
import { type Mounted, mount, tick } from "./harness.js";

const renders = new Map<string, number>();
const geometry = vi.hoisted(() => ({ fresh: false }));

vi.mock("../../../src/ui/components/PaneHeader.js", async (load) => {
  const real = await load<typeof import("../../../src/ui/components/PaneHeader.js")>();
  return {
    ...real,
    PaneHeader: (props: PaneHeaderProps) => {
      renders.set(props.view.key, (renders.get(props.view.key) ?? 0) + 1);
      return real.PaneHeader(props);
    },
  };
});

vi.mock("../../../src/ui/layout/tile.js", async (load) => {
  const real = await load<typeof import("../../../src/ui/layout/tile.js")>();
  return {
    ...real,
    tile: (count: number, width: number, height: number) => {
      const rects = real.tile(count, width, height);
      return geometry.fresh ? rects.map((r) => ({ ...r })) : rects;
    },
  };
});

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
  geometry.fresh = false;
});

const COMMITS = 30;

/** Two panes stream one token per commit; pane 2 is focused. Returns renders and screen changes per pane. */
async function stream(): Promise<{ bg: number; fg: number; bgScreens: number }> {
  const bgPort = new FakePort({ harness: "claude" });
  const fgPort = new FakePort({ harness: "codex" });
  m = await mount({ ports: [bgPort, fgPort], columns: 120, rows: 20 });
  const [bgKey, fgKey] = m.store.state.panes;
  for (const p of [bgPort, fgPort]) p.emit({ kind: "state", from: "starting", to: "idle" });
  m.store.commit();
  await tick(20);
  m.store.start();
  renders.clear();
  const bgScreens = new Set<string>();
  for (let i = 0; i < COMMITS; i++) {
    bgPort.emit({ kind: "token", text: `b${i} ` });
    fgPort.emit({ kind: "token", text: `f${i} ` });
    m.clock.advance(m.store.commitMs);
    await tick(8);
    // The background pane is the left half of the screen.
    bgScreens.add(
      m
        .frame()
        .split("\n")
        .map((row) => row.slice(0, 60))
        .join("\n"),
    );
  }
  return { bg: renders.get(bgKey!) ?? 0, fg: renders.get(fgKey!) ?? 0, bgScreens: bgScreens.size };
}

describe("a background pane while another streams", () => {
  const catchUps = Math.ceil((COMMITS * 80) / BACKGROUND_MS) + 1;

  it("renders and changes on screen only at its catch-ups, while the focused pane renders every commit", async () => {
    const { bg, fg, bgScreens } = await stream();
    expect(fg).toBeGreaterThanOrEqual(COMMITS - 1);
    expect(bg).toBeLessThanOrEqual(catchUps);
    expect(bg).toBeGreaterThanOrEqual(3);
    expect(bgScreens).toBeLessThanOrEqual(catchUps);
  });

  it("would render on every commit if pane rects were rebuilt each render: the count above catches it", async () => {
    geometry.fresh = true;
    const { bg } = await stream();
    expect(bg).toBeGreaterThanOrEqual(COMMITS - 1);
  });
});
