import { describe, expect, it } from "vitest";
import { neighbour, tile } from "../../../src/ui/layout/tile.js";

describe("tiling", () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])("%i panes cover the area exactly, without overlap", (n) => {
    const rects = tile(n, 160, 46);
    expect(rects).toHaveLength(n);
    const cells = new Set<string>();
    for (const r of rects) {
      expect(r.width).toBeGreaterThan(0);
      for (let y = r.y; y < r.y + r.height; y++)
        for (let x = r.x; x < r.x + r.width; x++) {
          const c = `${x},${y}`;
          expect(cells.has(c)).toBe(false);
          cells.add(c);
        }
    }
    expect(cells.size).toBe(160 * 46);
  });

  it("never gives more than nine panes", () => {
    expect(tile(12, 160, 46)).toHaveLength(9);
  });

  it("finds the neighbour in each direction of a 2×2 grid", () => {
    const rects = tile(4, 160, 46);
    expect(neighbour(rects, 0, "right")).toBe(1);
    expect(neighbour(rects, 0, "down")).toBe(2);
    expect(neighbour(rects, 3, "left")).toBe(2);
    expect(neighbour(rects, 3, "up")).toBe(1);
    expect(neighbour(rects, 0, "left")).toBe(0);
  });
});
