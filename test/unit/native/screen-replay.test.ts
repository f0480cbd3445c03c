import type { Terminal } from "@xterm/headless";
import { describe, expect, it } from "vitest";
import { rowText } from "../../../src/native/cells.js";
import { ModeTracker } from "../../../src/native/modes.js";
import { screenReplay } from "../../../src/native/screen-replay.js";
import { takeSnapshot } from "../../../src/native/snapshot.js";
import { feed, makeTerminal } from "./helpers.js";

/** Everything a pane shows of a terminal: every scroll position's styled rows, the cursor, the buffer. */
function looks(t: Terminal) {
  const views = [];
  for (let offset = 0; offset <= t.buffer.normal.baseY; offset++)
    views.push(takeSnapshot(t, { scrollOffset: offset, showCursor: true }));
  return { views, cursor: [t.buffer.active.cursorX, t.buffer.active.cursorY], buffer: t.buffer.active.type };
}

async function replayed(source: Terminal, history?: number): Promise<Terminal> {
  const copy = makeTerminal(source.cols, source.rows);
  await feed(copy, screenReplay(source, history === undefined ? {} : { history }));
  return copy;
}

describe("a terminal's screen replayed on a fresh one looks the same", () => {
  it("styled text, colours of all three kinds, wide characters and a blank-with-background keep their cells", async () => {
    const t = makeTerminal(24, 6);
    await feed(
      t,
      "\u001b[1;31mbold red\u001b[0m plain \u001b[4;38;5;200mpal\u001b[0m\r\n" +
        "\u001b[38;2;10;20;30;48;2;200;100;50mrgb\u001b[0m 你好 \u001b[7minv\u001b[0m\r\n" +
        "\u001b[44m     \u001b[0m\r\n\u001b[2;3;9mdim it strike\u001b[0m\u001b[2;5H",
    );
    const copy = await replayed(t);
    expect(looks(copy)).toEqual(looks(t));
    expect(rowText(takeSnapshot(copy).rows[1]!)).toBe("rgb 你好 inv");
  });

  it("history above the screen comes back as scrollback, and a wrapped line stays one wrapped line", async () => {
    const t = makeTerminal(10, 3);
    for (let i = 0; i < 30; i++) await feed(t, `line ${i}\r\n`);
    await feed(t, "0123456789abcdefghij-tail");
    const copy = await replayed(t);
    expect(copy.buffer.normal.baseY).toBe(t.buffer.normal.baseY);
    expect(looks(copy)).toEqual(looks(t));
    const last = copy.buffer.normal.baseY + 2;
    expect(copy.buffer.normal.getLine(last)?.isWrapped).toBe(true);
  });

  it("history is cut to the lines asked for", async () => {
    const t = makeTerminal(10, 3);
    for (let i = 0; i < 30; i++) await feed(t, `line ${i}\r\n`);
    const copy = await replayed(t, 5);
    expect(copy.buffer.normal.baseY).toBe(5);
    expect(rowText(takeSnapshot(copy, { scrollOffset: 5 }).rows[0]!)).toBe("line 23");
  });

  it("a full-screen UI on the alternate screen comes back there, with the shell's screen beneath it", async () => {
    const t = makeTerminal(16, 4);
    await feed(t, "$ vim notes\r\n");
    await feed(
      t,
      "\u001b[?1049h\u001b[H\u001b[2J\u001b[32m~\u001b[0m\r\n~\u001b[4;1H\u001b[7m-- INSERT --\u001b[0m\u001b[1;3H",
    );
    const copy = await replayed(t);
    expect(copy.buffer.active.type).toBe("alternate");
    expect(looks(copy)).toEqual(looks(t));
    await feed(t, "\u001b[?1049l");
    await feed(copy, "\u001b[?1049l");
    expect(rowText(takeSnapshot(copy).rows[0]!)).toBe("$ vim notes");
  });

  it("the input modes the UI turned on are on again, and a hidden cursor stays hidden", async () => {
    const t = makeTerminal(10, 3);
    const tracker = new ModeTracker(t);
    await feed(t, "\u001b[?1h\u001b[?2004h\u001b[?1004h\u001b[?1002h\u001b[>1u\u001b[>3u\u001b[>4;2m\u001b[?25l");
    const copy = makeTerminal(10, 3);
    const copyTracker = new ModeTracker(copy);
    await feed(copy, screenReplay(t, { modes: tracker.modes(), cursorHidden: tracker.cursorHidden }));
    expect(copyTracker.modes()).toEqual(tracker.modes());
    expect(copyTracker.cursorHidden).toBe(true);
    expect(tracker.modes().kittyDepth).toBe(2);
  });
});
