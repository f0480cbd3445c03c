import { afterEach, describe, expect, it } from "vitest";
import { helpRows } from "../../../src/ui/components/overlays/HelpOverlay.js";
import { DEFAULT_KEYMAP } from "../../../src/ui/keys/keymap.js";
import { draftOf, focusedKey } from "../../../src/ui/store/ui-state.js";
import { FakePort } from "./fake-port.js";
import { KEYS, type Mounted, mount } from "./harness.js";

let m: Mounted | undefined;
afterEach(() => m?.unmount());

const F1 = ["\u001bOP", "\u001b[11~"];
/** The overlay's text as one run of words: a description wrapped over rows reads as written. */
const read = (frame: string) => frame.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");

/** The list's rows on screen: under the title, above the bottom border and the line saying what is left. */
function listRows(frame: string): string[] {
  const lines = frame.split("\n");
  const from = lines.findIndex((l) => l.includes("hmux keys · Esc closes")) + 1;
  const to = lines.findIndex((l) => l.startsWith("╰"));
  return lines.slice(from, to).filter((l) => !/↓ \d+ more|end of list/.test(l));
}

/**
 * The whole list as read on screen, column by column: each row of the first column after the
 * border, then those of the second (from `split` cells) if there is one. A list that scrolls is
 * walked one row at a time (↓), so every row is read once, in order.
 */
async function readHelp(split: number | null): Promise<string> {
  const rows = listRows(m!.frame());
  for (let i = 0; i < 80 && /↓ \d+ more/.test(m!.frame()); i++) {
    await m!.type("\u001b[B");
    rows.push(listRows(m!.frame()).at(-1)!);
  }
  const cells = (l: string, a: number, b?: number) => [...l].slice(a, b).join("").replace(/│$/, "");
  const columns =
    split === null
      ? [rows.map((l) => cells(l, 2))]
      : [rows.map((l) => cells(l, 2, split)), rows.map((l) => cells(l, split))];
  return columns
    .map((c) => c.join(" "))
    .join(" ")
    .replace(/\s+/g, " ");
}
const lastRow = () => helpRows(DEFAULT_KEYMAP).at(-1)![1];
const firstRow = () => helpRows(DEFAULT_KEYMAP)[0]![1];

describe("help overlay", () => {
  for (const seq of F1) {
    it(`F1 (${JSON.stringify(seq)}) opens help, and closes it again`, async () => {
      m = await mount({ ports: [new FakePort()] });
      await m.type(seq);
      expect(m.store.state.overlay).toEqual({ kind: "help" });
      await m.type(seq);
      expect(m.store.state.overlay).toBeNull();
    });
  }

  it("F1 opens help even while a prompt is being typed; ? there is text", async () => {
    const p = new FakePort();
    m = await mount({ ports: [p] });
    p.emit({ kind: "state", from: "starting", to: "idle" });
    await m.flush();
    await m.type("why", "?");
    expect(m.store.state.overlay).toBeNull();
    expect(draftOf(m.store.state, focusedKey(m.store.state))).toBe("why?");
    await m.type(F1[0]!);
    expect(m.store.state.overlay).toEqual({ kind: "help" });
  });

  it("at 80×24 the list says how much is left and PgDn reaches its last row", async () => {
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24 });
    await m.type("?");
    let frame = m.frame();
    expect(read(frame)).toContain(firstRow());
    expect(read(frame)).not.toContain(lastRow());
    expect(frame).toMatch(/↓ \d+ more · PgDn/);
    for (let i = 0; i < 8 && !m.frame().includes("end of list"); i++) await m.type(KEYS.pageDown);
    frame = m.frame();
    expect(read(frame)).toContain(lastRow());
    expect(frame).toContain("end of list · PgUp back");
    for (let i = 0; i < 8 && m.frame().includes("PgUp back"); i++) await m.type(KEYS.pageUp);
    expect(read(m.frame())).toContain(firstRow());
    expect(m.frame().split("\n")).toHaveLength(24);
  });

  it("at 80×24 PgDn keys read in one burst each move the list a page, so a few reach its end", async () => {
    m = await mount({ ports: [new FakePort()], columns: 80, rows: 24 });
    await m.type("?");
    await m.type(KEYS.pageDown.repeat(6));
    expect(m.frame()).toContain("end of list · PgUp back");
    await m.type(KEYS.pageUp.repeat(6));
    expect(read(m.frame())).toContain(firstRow());
    expect(m.frame()).not.toContain("PgUp back");
  });

  it("at 160×48 everything fits and nothing says more", async () => {
    m = await mount({ ports: [new FakePort()], columns: 160, rows: 48 });
    await m.type("?");
    const frame = m.frame();
    expect(read(frame)).toContain(firstRow());
    expect(read(frame)).toContain(lastRow());
    expect(frame).not.toContain("more · PgDn");
  });

  for (const [columns, rows, split] of [
    [80, 24, null],
    [160, 48, 80],
  ] as const)
    it(`at ${columns}×${rows} every description reads whole, wrapped under its key`, async () => {
      m = await mount({ ports: [new FakePort()], columns, rows });
      await m.type("?");
      const seen = await readHelp(split);
      for (const [key, description] of helpRows(DEFAULT_KEYMAP)) expect(seen).toContain(`${key} ${description}`);
    });
});
