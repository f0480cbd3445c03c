/**
 * Automatic tiling of 1–9 panes into a width×height area: a grid whose columns favour
 * the terminal's wide aspect. Rectangles are exact, so the root is never taller than
 * the terminal; the last row's panes share the row's full width.
 *
 * The same count and size always return the same (frozen) rectangles: a pane receives its
 * rect as a prop, and a memoized pane skips its render only when every prop is the same
 * object as before.
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const MAX_PANES = 9;

export function gridShape(count: number, width: number, height: number): { cols: number; rows: number } {
  if (count <= 1) return { cols: 1, rows: 1 };
  // A terminal cell is about twice as tall as wide; aim for panes near 2.5:1 (cells).
  let best = { cols: count, rows: 1 };
  let bestScore = Number.POSITIVE_INFINITY;
  for (let cols = 1; cols <= count; cols++) {
    const rows = Math.ceil(count / cols);
    const empty = cols * rows - count;
    const aspect = width / cols / Math.max(1, height / rows);
    const score = Math.abs(Math.log(aspect / 2.5)) + empty * 0.35;
    if (score < bestScore) {
      bestScore = score;
      best = { cols, rows };
    }
  }
  return best;
}

function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  const extra = total - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}

const NO_RECTS: readonly Rect[] = Object.freeze([]);
/** Layouts seen this run, by count and size; a resize adds one, so the bound is only a backstop. */
const layouts = new Map<string, readonly Rect[]>();
const MAX_LAYOUTS = 256;

export function tile(count: number, width: number, height: number): readonly Rect[] {
  if (count <= 0) return NO_RECTS;
  const n = Math.min(count, MAX_PANES);
  const id = `${n}:${width}x${height}`;
  const known = layouts.get(id);
  if (known) return known;
  if (layouts.size >= MAX_LAYOUTS) layouts.clear();
  const rects = Object.freeze(layout(n, width, height).map((r) => Object.freeze(r)));
  layouts.set(id, rects);
  return rects;
}

function layout(n: number, width: number, height: number): Rect[] {
  const { cols, rows } = gridShape(n, width, height);
  const heights = split(height, rows);
  const rects: Rect[] = [];
  let y = 0;
  for (let r = 0; r < rows; r++) {
    const inRow = Math.min(cols, n - r * cols);
    const widths = split(width, inRow);
    let x = 0;
    for (let c = 0; c < inRow; c++) {
      rects.push({ x, y, width: widths[c]!, height: heights[r]! });
      x += widths[c]!;
    }
    y += heights[r]!;
  }
  return rects;
}

export type Direction = "left" | "right" | "up" | "down";

/** The pane whose rectangle lies nearest in `dir` from pane `from`; `from` if none. */
export function neighbour(rects: readonly Rect[], from: number, dir: Direction): number {
  const a = rects[from];
  if (!a) return from;
  const ax = a.x + a.width / 2;
  const ay = a.y + a.height / 2;
  let best = from;
  let bestDist = Number.POSITIVE_INFINITY;
  rects.forEach((b, i) => {
    if (i === from) return;
    const bx = b.x + b.width / 2;
    const by = b.y + b.height / 2;
    const ok =
      (dir === "left" && b.x + b.width <= a.x) ||
      (dir === "right" && b.x >= a.x + a.width) ||
      (dir === "up" && b.y + b.height <= a.y) ||
      (dir === "down" && b.y >= a.y + a.height);
    if (!ok) return;
    const along = dir === "left" || dir === "right" ? Math.abs(bx - ax) : Math.abs(by - ay);
    const across = dir === "left" || dir === "right" ? Math.abs(by - ay) : Math.abs(bx - ax);
    const dist = along + across * 2;
    if (dist < bestDist) {
      bestDist = dist;
      best = i;
    }
  });
  return best;
}
