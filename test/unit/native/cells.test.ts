import { describe, expect, it } from "vitest";
import { rowSegments, rowText } from "../../../src/native/cells.js";
import { inkColor } from "../../../src/native/palette.js";
import { feed, makeTerminal } from "./helpers.js";

async function firstRow(data: string, cols = 30) {
  const t = makeTerminal(cols, 3);
  await feed(t, data);
  const buffer = t.buffer.active;
  const row = rowSegments(buffer.getLine(buffer.baseY), cols, buffer.getNullCell());
  t.dispose();
  return row;
}

describe("cell attributes → styled segments", () => {
  it("the 16 ANSI colours map to Ink's names, so they follow the user's palette", () => {
    expect(inkColor({ mode: "palette", index: 1 })).toBe("red");
    expect(inkColor({ mode: "palette", index: 9 })).toBe("redBright");
    expect(inkColor({ mode: "palette", index: 8 })).toBe("gray");
    expect(inkColor({ mode: "default" })).toBeUndefined();
  });

  it("256-colour indices stay indices; truecolor becomes hex", () => {
    expect(inkColor({ mode: "palette", index: 208 })).toBe("ansi256(208)");
    expect(inkColor({ mode: "rgb", rgb: 0x0a0b0c })).toBe("#0a0b0c");
  });

  it("runs of equal style are one segment; a style change starts a new one", async () => {
    const row = await firstRow("ab\u001b[31mcd\u001b[0mef");
    expect(row).toEqual([{ text: "ab" }, { text: "cd", fg: "red" }, { text: "ef" }]);
  });

  it("bold, dim, italic, underline, inverse and strikethrough survive", async () => {
    const row = await firstRow(
      "\u001b[1mB\u001b[0m\u001b[2mD\u001b[0m\u001b[3mI\u001b[0m\u001b[4mU\u001b[0m\u001b[7mR\u001b[0m\u001b[9mS\u001b[0m",
    );
    expect(row).toEqual([
      { text: "B", bold: true },
      { text: "D", dim: true },
      { text: "I", italic: true },
      { text: "U", underline: true },
      { text: "R", inverse: true },
      { text: "S", strikethrough: true },
    ]);
  });

  it("foreground and background in 16, 256 and truecolor", async () => {
    const row = await firstRow("\u001b[94;41mx\u001b[38;5;208;48;5;17my\u001b[38;2;1;2;3;48;2;255;0;128mz\u001b[0m");
    expect(row).toEqual([
      { text: "x", fg: "blueBright", bg: "red" },
      { text: "y", fg: "ansi256(208)", bg: "ansi256(17)" },
      { text: "z", fg: "#010203", bg: "#ff0080" },
    ]);
  });

  it("trailing blanks are dropped, but a coloured background is kept", async () => {
    expect(rowText(await firstRow("hi   "))).toBe("hi");
    const row = await firstRow("hi\u001b[44m  \u001b[0m");
    expect(row).toEqual([{ text: "hi" }, { text: "  ", bg: "blue" }]);
  });

  it("a wide character takes one segment character, its spacer cell is skipped", async () => {
    expect(rowText(await firstRow("a界b"))).toBe("a界b");
  });

  it("the cursor column is drawn inverted, even past the end of the text", async () => {
    const t = makeTerminal(10, 2);
    await feed(t, "ab");
    const b = t.buffer.active;
    expect(rowSegments(b.getLine(0), 10, b.getNullCell(), 1)).toEqual([{ text: "a" }, { text: "b", inverse: true }]);
    expect(rowSegments(b.getLine(0), 10, b.getNullCell(), 4)).toEqual([{ text: "ab  " }, { text: " ", inverse: true }]);
    t.dispose();
  });
});
