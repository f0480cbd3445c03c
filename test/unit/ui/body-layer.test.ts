/**
 * The body layer (src/ui/render/body-layer.ts) puts a pane body's rows where Ink drew its markers,
 * and leaves everything Ink drew around them as it was.
 */
import { describe, expect, it } from "vitest";
import { BodyLayer } from "../../../src/ui/render/body-layer.js";

const BORDER = "\u001b[90m│\u001b[39m";

/** A slot the test needs: every test here claims far fewer than the layer holds. */
function claimed<F>(layer: BodyLayer<F>): number {
  const slot = layer.claim();
  if (slot === null) throw new Error("the layer had no slot");
  return slot;
}

function layerWith(...bodies: { width: number; rows: string[] }[]): { layer: BodyLayer; slots: number[] } {
  const layer = new BodyLayer();
  const slots = bodies.map((b) => {
    const slot = claimed(layer);
    layer.paint(slot, b.width, b.rows);
    return slot;
  });
  return { layer, slots };
}

describe("BodyLayer slots", () => {
  it("past its last slot a body gets none (Ink draws it) instead of failing, and a released slot is given again", () => {
    const layer = new BodyLayer();
    const taken: number[] = [];
    for (let slot = layer.claim(); slot !== null; slot = layer.claim()) taken.push(slot);
    expect(taken.length).toBe(1024);
    expect(new Set(taken).size).toBe(taken.length);
    expect(layer.claim()).toBeNull();
    layer.release(taken[7]!);
    expect(layer.claim()).toBe(taken[7]);
  });
});

describe("BodyLayer.compose", () => {
  it("replaces a marker and the blanks after it with the body's row, keeping what is drawn around it", () => {
    const { layer, slots } = layerWith({ width: 5, rows: ["\u001b[1mhello\u001b[0m"] });
    const m = BodyLayer.marker(slots[0]!);
    expect(layer.compose([`${BORDER}${m}    ${BORDER}x`])).toEqual([`${BORDER}\u001b[1mhello\u001b[0m${BORDER}x`]);
  });

  it("gives a body's markers its rows from the top, and a row it lacks as blanks", () => {
    const { layer, slots } = layerWith({ width: 3, rows: ["abc", "def"] });
    const m = BodyLayer.marker(slots[0]!);
    expect(layer.compose(["top", `|${m}  |`, `|${m}  |`, `|${m}  |`])).toEqual(["top", "|abc|", "|def|", "|   |"]);
  });

  it("draws each of two bodies side by side on one row with its own rows", () => {
    const { layer, slots } = layerWith({ width: 2, rows: ["a1", "a2"] }, { width: 3, rows: ["b_1", "b_2"] });
    const [a, b] = slots.map((s) => BodyLayer.marker(s));
    expect(layer.compose([`|${a} ||${b}  |`, `|${a} ||${b}  |`])).toEqual(["|a1||b_1|", "|a2||b_2|"]);
  });

  it("draws the whole row of a body at the end of a row Ink trimmed of its blanks", () => {
    const { layer, slots } = layerWith({ width: 4, rows: ["abcd"] });
    expect(layer.compose([`>${BodyLayer.marker(slots[0]!)}`])).toEqual([">abcd"]);
  });

  it("leaves a marker of no painted body as Ink drew it", () => {
    const layer = new BodyLayer();
    const slot = claimed(layer);
    const line = `|${BodyLayer.marker(slot)}  |`;
    expect(layer.compose([line])).toEqual([line]);
  });

  it("tells its listener when a body's rows change, and not when they are the same", () => {
    const layer = new BodyLayer();
    let changes = 0;
    layer.onChange = () => changes++;
    const slot = claimed(layer);
    layer.paint(slot, 3, ["abc"]);
    layer.paint(slot, 3, ["abc"]);
    layer.paint(slot, 3, ["abd"]);
    expect(changes).toBe(2);
  });
});

describe("BodyLayer.repaintFrom", () => {
  it("draws every body from its feed for a newer state", () => {
    const layer = new BodyLayer<{ n: number }>();
    const a = claimed(layer);
    const b = claimed(layer);
    layer.paint(a, 2, ["a0"]);
    layer.paint(b, 1, ["0"]);
    layer.feed(a, (frame) => ({ width: 2, rows: [`a${frame.n}`] }));
    layer.feed(b, (frame) => ({ width: 1, rows: [String(frame.n)] }));
    expect(layer.repaintFrom({ n: 7 })).toBe(true);
    const [ma, mb] = [BodyLayer.marker(a), BodyLayer.marker(b)];
    expect(layer.compose([`${ma} |${mb}`])).toEqual(["a7|7"]);
  });

  it("draws nothing and says so when a body shown has no feed or its feed cannot draw the state", () => {
    const layer = new BodyLayer<{ n: number }>();
    const a = claimed(layer);
    const b = claimed(layer);
    layer.paint(a, 2, ["a0"]);
    layer.paint(b, 2, ["b0"]);
    layer.feed(a, (frame) => ({ width: 2, rows: [`a${frame.n}`] }));
    expect(layer.repaintFrom({ n: 7 })).toBe(false);
    layer.feed(b, () => null);
    expect(layer.repaintFrom({ n: 8 })).toBe(false);
    expect(layer.compose([`${BodyLayer.marker(a)} `])).toEqual(["a0"]);
    layer.clear(b);
    expect(layer.repaintFrom({ n: 9 })).toBe(true);
  });
});
