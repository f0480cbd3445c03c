import { describe, expect, it } from "vitest";
import { LineDiffWriter } from "../../../src/ui/render/line-diff-writer.js";
import { feed, makeTerminal } from "../native/helpers.js";

const COLS = 20;
const ROWS = 6;

/** What the emulated terminal shows, one string per row, trailing blanks dropped. */
function screen(term: ReturnType<typeof makeTerminal>): string[] {
  const rows: string[] = [];
  const buffer = term.buffer.active;
  for (let y = 0; y < term.rows; y++) rows.push(buffer.getLine(buffer.viewportY + y)!.translateToString(true));
  return rows;
}

function frameOf(rows: readonly string[]): string {
  return rows.join("\n");
}

function setup(): { writer: LineDiffWriter; written: string[]; term: ReturnType<typeof makeTerminal> } {
  const written: string[] = [];
  const term = makeTerminal(COLS, ROWS, 0);
  const writer = new LineDiffWriter({ write: (d: string) => written.push(d) }, () => ROWS);
  return { writer, written, term };
}

const padded = (rows: readonly string[]): string[] => [...rows, ...Array(ROWS).fill("")].slice(0, ROWS);

describe("LineDiffWriter", () => {
  it("writes only the rows that changed, addressed by row", () => {
    const { writer, written } = setup();
    writer.frame(frameOf(["alpha", "beta", "gamma", "delta", "epsilon", "zeta"]));
    written.length = 0;
    writer.frame(frameOf(["alpha", "beta", "GAMMA", "delta", "epsilon", "zeta"]));
    expect(written).toHaveLength(1);
    const out = written[0]!;
    expect(out).toContain("\u001b[3;1H");
    expect(out).toContain("GAMMA");
    for (const unchanged of ["alpha", "beta", "delta", "epsilon", "zeta"]) expect(out).not.toContain(unchanged);
  });

  it("writes nothing for a frame identical to the one on screen", () => {
    const { writer, written } = setup();
    writer.frame(frameOf(["a", "b"]));
    written.length = 0;
    writer.frame(frameOf(["a", "b"]));
    expect(written).toEqual([]);
  });

  it("reports each frame that wrote to the terminal, and no frame that wrote nothing", () => {
    const written: string[] = [];
    let updates = 0;
    const writer = new LineDiffWriter(
      { write: (d: string) => written.push(d) },
      () => ROWS,
      () => updates++,
    );
    writer.frame(frameOf(["a", "b"]));
    writer.frame(frameOf(["a", "b"]));
    writer.frame(frameOf(["a", "c"]));
    expect(updates).toBe(written.length);
    expect(updates).toBe(2);
  });

  it("leaves the terminal showing exactly the last frame after any sequence of frames", async () => {
    const { writer, written, term } = setup();
    // Pseudo-random frames: rows grow, shrink, fill the last column and vanish.
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    let last: string[] = [];
    for (let i = 0; i < 60; i++) {
      const height = 1 + rand(ROWS);
      last = Array.from({ length: height }, () => "xyz#".repeat(6).slice(0, rand(COLS + 1)));
      if (i % 17 === 0) writer.invalidate();
      writer.frame(frameOf(last));
      for (const d of written.splice(0)) await feed(term, d);
      expect(screen(term)).toEqual(padded(last));
    }
  });

  it("leaves every cell, colours included, as a fresh draw of the last frame would after any sequence of styled frames", async () => {
    const { writer, written, term } = setup();
    const fresh = makeTerminal(COLS, ROWS, 0);
    const cellsOf = (t: ReturnType<typeof makeTerminal>): string[] => {
      const out: string[] = [];
      const buffer = t.buffer.active;
      for (let y = 0; y < ROWS; y++) {
        const line = buffer.getLine(buffer.viewportY + y)!;
        for (let x = 0; x < COLS; x++) {
          const c = line.getCell(x)!;
          out.push(`${y},${x}:${c.getChars() || " "}/${c.getFgColor()}/${c.getBgColor()}/${c.isBold()}`);
        }
      }
      return out;
    };
    let seed = 11;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const styles = ["", "\u001b[31m", "\u001b[1m", "\u001b[44m\u001b[33m"];
    const closes = ["", "\u001b[39m", "\u001b[22m", "\u001b[49m\u001b[39m"];
    // Rows of two "panes" of styled words; some rows carry a wide character (cells unknown: whole row).
    const row = (): string => {
      const wide = rand(10) === 0;
      let text = wide ? "界" : "";
      let width = wide ? 2 : 0;
      while (width < COLS - 4) {
        const k = rand(styles.length);
        const word = ["ab", "cd", "│", "xyz", " ", "⠋", "…", " ".repeat(12)][rand(8)]!;
        text += styles[k] + word + closes[k];
        width += word.length;
      }
      return text;
    };
    let frame: string[] = Array.from({ length: ROWS }, row);
    for (let i = 0; i < 80; i++) {
      // Change a few rows, or a few words within rows, as panes scrolling side by side do.
      frame = frame.map((r) => (rand(3) === 0 ? row() : r)).slice(0, 1 + rand(ROWS));
      while (frame.length < ROWS && rand(2) === 0) frame.push(row());
      writer.frame(frameOf(frame));
      for (const d of written.splice(0)) await feed(term, d);
      await feed(fresh, `\u001b[0m\u001b[H\u001b[2J${frame.map((r, y) => `\u001b[${y + 1};1H${r}`).join("")}`);
      expect(cellsOf(term)).toEqual(cellsOf(fresh));
    }
  });

  it("rewrites only the changed cells of a row whose other cells stayed", () => {
    const { writer, written } = setup();
    writer.frame(frameOf(["left pane │ right one"]));
    written.length = 0;
    writer.frame(frameOf(["left pane │ right two"]));
    expect(written[0]).toContain("\u001b[1;19H");
    expect(written[0]).not.toContain("left");
  });

  it("resets the attributes once per frame, not at every cursor move", async () => {
    const { writer, written, term } = setup();
    const first = ["ab      cd      ef", "gh      ij"];
    const second = ["AB      cd      EF", "GH      \u001b[31mIJ\u001b[39m"];
    writer.frame(frameOf(first));
    for (const d of written.splice(0)) await feed(term, d);
    writer.frame(frameOf(second));
    const out = written.join("");
    // Three unstyled runs and one red one: the frame's reset, and the red run's own.
    expect(out.match(/\u001b\[\d+;\d+H/g)).toHaveLength(4);
    expect(out.split("\u001b[0m")).toHaveLength(3);
    for (const d of written) await feed(term, d);
    expect(screen(term).slice(0, 2)).toEqual(["AB      cd      EF", "GH      IJ"]);
  });

  it("blanks a long stretch of text by erasing it, and the text after it lands in its column", async () => {
    const { writer, written, term } = setup();
    writer.frame(frameOf(["abcdefghijklmnopqrst", "x"]));
    for (const d of written.splice(0)) await feed(term, d);
    writer.frame(frameOf([`a${" ".repeat(14)}pqrs`, "x"]));
    expect(written[0]).toContain("\u001b[14X");
    for (const d of written.splice(0)) await feed(term, d);
    expect(screen(term).slice(0, 2)).toEqual([`a${" ".repeat(14)}pqrs`, "x"]);
  });

  it("keeps the character in the last column of a full-width row", async () => {
    const { writer, written, term } = setup();
    writer.frame(frameOf(["x".repeat(COLS), "short"]));
    writer.frame(frameOf(["y".repeat(COLS), "s"]));
    for (const d of written.splice(0)) await feed(term, d);
    expect(screen(term).slice(0, 2)).toEqual(["y".repeat(COLS), "s"]);
  });

  it("redraws the whole screen after invalidate, clearing rows another writer left", async () => {
    const { writer, written, term } = setup();
    writer.frame(frameOf(["one", "two"]));
    for (const d of written.splice(0)) await feed(term, d);
    await feed(term, "\u001b[5;1Hstray output");
    writer.invalidate();
    writer.frame(frameOf(["one", "two"]));
    for (const d of written.splice(0)) await feed(term, d);
    expect(screen(term)).toEqual(padded(["one", "two"]));
  });

  it("wraps each write in synchronized output and hides the cursor once", () => {
    const { writer, written } = setup();
    writer.frame("a");
    writer.frame("b");
    expect(written[0]!.startsWith("\u001b[?25l\u001b[?2026h")).toBe(true);
    expect(written[1]!.startsWith("\u001b[?2026h")).toBe(true);
    expect(written[1]!.endsWith("\u001b[?2026l")).toBe(true);
    writer.release();
    expect(written.at(-1)).toBe("\u001b[?25h");
  });
});
