import { describe, expect, it } from "vitest";
import { rowText } from "../../../src/native/cells.js";
import { takeSnapshot } from "../../../src/native/snapshot.js";
import { feed, makeTerminal } from "./helpers.js";

const texts = (rows: readonly (readonly { text: string }[])[]) => rows.map((r) => rowText(r));

describe("snapshot of a known byte stream", () => {
  it("shows the visible rows, wrapped and styled", async () => {
    const t = makeTerminal(8, 3);
    await feed(t, "hello\r\n\u001b[32mgreen\u001b[0m\r\n0123456789");
    const s = takeSnapshot(t);
    expect(texts(s.rows)).toEqual(["green", "01234567", "89"]);
    expect(s.rows[0]).toEqual([{ text: "green", fg: "green" }]);
    expect(s.scrollback).toBe(1);
    expect(s.alternate).toBe(false);
    t.dispose();
  });

  it("scrolls back into history and clamps at the top", async () => {
    const t = makeTerminal(10, 2);
    await feed(t, "l1\r\nl2\r\nl3\r\nl4");
    expect(texts(takeSnapshot(t).rows)).toEqual(["l3", "l4"]);
    expect(texts(takeSnapshot(t, { scrollOffset: 1 }).rows)).toEqual(["l2", "l3"]);
    const top = takeSnapshot(t, { scrollOffset: 99 });
    expect(top.scrollOffset).toBe(2);
    expect(texts(top.rows)).toEqual(["l1", "l2"]);
    t.dispose();
  });

  it("the alternate screen replaces the view and has no scrollback; leaving it restores the normal screen", async () => {
    const t = makeTerminal(10, 2);
    await feed(t, "a\r\nb\r\nc");
    await feed(t, "\u001b[?1049h\u001b[H\u001b[2JFULL\r\nSCREEN");
    let s = takeSnapshot(t, { scrollOffset: 1 });
    expect(s.alternate).toBe(true);
    expect(s.scrollOffset).toBe(0);
    expect(s.scrollback).toBe(0);
    expect(texts(s.rows)).toEqual(["FULL", "SCREEN"]);
    await feed(t, "\u001b[?1049l");
    s = takeSnapshot(t);
    expect(s.alternate).toBe(false);
    expect(texts(s.rows)).toEqual(["b", "c"]);
    t.dispose();
  });

  it("draws the cursor only when asked, live, and not hidden by the UI", async () => {
    const t = makeTerminal(10, 2);
    await feed(t, "$ ");
    expect(takeSnapshot(t, { showCursor: true }).cursor).toEqual({ x: 2, y: 0 });
    expect(takeSnapshot(t, { showCursor: true }).rows[0]).toEqual([{ text: "$ " }, { text: " ", inverse: true }]);
    expect(takeSnapshot(t).cursor).toBeNull();
    expect(takeSnapshot(t, { showCursor: true, cursorHidden: true }).cursor).toBeNull();
    t.dispose();
  });
});
