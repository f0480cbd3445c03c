import { afterEach, describe, expect, it } from "vitest";
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "../../../src/ui/keys/mouse.js";
import { anchorOf, draftOf, focusedKey } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => {
  m?.unmount();
  m = undefined;
});

const wheel = (dir: "up" | "down", column: number, row: number) =>
  `\u001b[<${dir === "up" ? 64 : 65};${column};${row}M`;

async function twoPanes(
  opts: { mouse?: boolean; writes?: string[] } = {},
): Promise<{ left: FakePort; right: FakePort }> {
  const left = new FakePort({ harness: "claude" });
  const right = new FakePort({ harness: "codex" });
  m = await mount({
    ports: [left, right],
    columns: 100,
    rows: 30,
    mouse: opts.mouse ?? true,
    ...(opts.writes ? { terminalWrite: (d: string) => void opts.writes!.push(d) } : {}),
  });
  for (let i = 0; i < 80; i++) {
    left.emit({ kind: "message", role: "assistant", text: `left ${i}` });
    right.emit({ kind: "message", role: "assistant", text: `right ${i}` });
  }
  await m.flush();
  return { left, right };
}

describe("mouse wheel", () => {
  it("a wheel over a pane scrolls that pane, not the focused one, and the input line stays empty", async () => {
    const { right } = await twoPanes();
    const mounted = m!;
    right.emit({ kind: "state", from: "starting", to: "idle" });
    await mounted.flush();
    expect(mounted.store.state.focus).toBe(1);
    const [leftKey, rightKey] = mounted.store.state.panes;
    // Column 10, row 10: inside the left pane (the rail is row 1).
    await mounted.type(wheel("up", 10, 10));
    expect(anchorOf(mounted.store.state, leftKey!)).not.toBeNull();
    expect(anchorOf(mounted.store.state, rightKey!)).toBeNull();
    const frame = mounted.frame();
    expect(frame).not.toContain("left 79");
    expect(frame).toContain("right 79");
    expect(frame).not.toContain("[<64");
    expect(draftOf(mounted.store.state, rightKey)).toBe("");
    expect(mounted.store.state.focus).toBe(1);
  });

  it("a scrolled pane stays put while output arrives; wheeling down to the bottom follows again", async () => {
    const { left } = await twoPanes();
    const mounted = m!;
    await mounted.type(wheel("up", 10, 10), wheel("up", 10, 10));
    left.emit({ kind: "message", role: "assistant", text: "left 80" });
    await mounted.flush();
    expect(mounted.frame()).not.toContain("left 80");
    await mounted.type(wheel("down", 10, 10), wheel("down", 10, 10), wheel("down", 10, 10));
    expect(anchorOf(mounted.store.state, mounted.store.state.panes[0]!)).toBeNull();
    expect(mounted.frame()).toContain("left 80");
  });

  it("a wheel over the right pane scrolls the right pane", async () => {
    await twoPanes();
    const mounted = m!;
    await mounted.type(wheel("up", 80, 12));
    expect(anchorOf(mounted.store.state, mounted.store.state.panes[1]!)).not.toBeNull();
    expect(anchorOf(mounted.store.state, mounted.store.state.panes[0]!)).toBeNull();
  });

  it("clicks and a wheel outside the panes change nothing and type nothing", async () => {
    const { right } = await twoPanes();
    const mounted = m!;
    right.emit({ kind: "state", from: "starting", to: "idle" });
    await mounted.flush();
    await mounted.type("\u001b[<0;10;10M", "\u001b[<0;10;10m", wheel("up", 10, 1), wheel("up", 10, 30));
    expect(anchorOf(mounted.store.state, mounted.store.state.panes[0]!)).toBeNull();
    expect(anchorOf(mounted.store.state, mounted.store.state.panes[1]!)).toBeNull();
    expect(draftOf(mounted.store.state, focusedKey(mounted.store.state))).toBe("");
    expect(mounted.store.state.focus).toBe(1);
  });

  it("typing still reaches the input line, also right after a wheel", async () => {
    const { right } = await twoPanes();
    const mounted = m!;
    right.emit({ kind: "state", from: "starting", to: "idle" });
    await mounted.flush();
    await mounted.type(wheel("up", 10, 10), "hi");
    expect(draftOf(mounted.store.state, focusedKey(mounted.store.state))).toBe("hi");
  });

  it("reporting is turned on at mount and off at unmount", async () => {
    const writes: string[] = [];
    await twoPanes({ writes });
    expect(writes).toEqual([MOUSE_REPORTING_ON]);
    m!.unmount();
    m = undefined;
    expect(writes[writes.length - 1]).toBe(MOUSE_REPORTING_OFF);
  });

  it("without ui.mouse nothing is written to the terminal and PgUp still scrolls", async () => {
    const writes: string[] = [];
    await twoPanes({ mouse: false, writes });
    await m!.type(KEYS.pageUp);
    expect(writes).toEqual([]);
    expect(anchorOf(m!.store.state, m!.store.state.panes[1]!)).not.toBeNull();
  });

  it("the help overlay mentions the wheel only when it is on", async () => {
    // The help is paged: what it lists is the first page and the next one together.
    const pages = async () => {
      await m!.type("?");
      const first = m!.frame();
      await m!.type(KEYS.pageDown);
      return first + m!.frame();
    };
    await twoPanes();
    expect(await pages()).toContain("Wheel");
    m!.unmount();
    await twoPanes({ mouse: false });
    const without = await pages();
    expect(without).toContain("PgUp");
    expect(without).not.toContain("Wheel");
  });
});
