/**
 * Pane bodies drawn beside Ink rather than through it. Ink 8 composes every frame cell by cell and
 * re-tokenizes every text it writes (profiled: about half of the client's CPU, on 200×60 of mostly
 * transcript text), so a transcript hands its finished rows to this layer and asks Ink to draw only
 * a marker: one character per body row, at the body's first column, the rest left blank. Before a
 * frame reaches the terminal, each marker and the blanks after it are replaced by that row.
 *
 * A marker is a private-use character from plane 16, one per body (its slot): Ink lays it out as one
 * column and no harness output reaches Ink unfiltered there (a transcript the layer cannot draw
 * falls back to Ink's own text, see body-rows.ts). The markers of a slot are its rows, top to bottom;
 * a marker Ink did not draw (clipped away) takes its row with it, which is what Ink would have done.
 * Rows must be styled strings exactly `width` cells wide that end in the default attributes.
 *
 * A body may also leave a feed: how to draw its rows from a newer published state, so a state that
 * changes only the transcripts is drawn by repaintFrom without React or Ink (app-store.ts).
 *
 * Between Ink frames, a body's changed rows are written where the last compose put them
 * (takePatches): recomposing, comparing and re-splitting every screen row into cells cost most
 * of a frame's CPU when one pane scrolls or one key is echoed.
 */

import { narrow } from "./row-cells.js";

/** Plane 16's private-use block: slot k is U+100000 + k, all with this high surrogate below 1024 slots. */
const MARKER_BASE = 0x100000;
const MARKER_HIGH = "\udbc0";
const LOW_BASE = 0xdc00;
const SLOTS = 1024;
const SPACE = 0x20;
const ESC = 0x1b;
const MARKER_HIGH_CODE = 0xdbc0;

/** Every marker a slot can have: MARKER_HIGH followed by any low surrogate. */
const ANY_MARKER = /\udbc0[\udc00-\udfff]/g;

/**
 * Text from outside hmux (a harness's output) with the markers' characters replaced by U+FFFD:
 * drawn by Ink, such a character would be taken for a body's marker and show that body's row.
 */
export function withoutLayerMarkers(text: string): string {
  return text.includes(MARKER_HIGH) ? text.replace(ANY_MARKER, "\ufffd") : text;
}

interface Body {
  readonly width: number;
  readonly rows: readonly string[];
}

/** Where a body's row was drawn by the last compose: its screen row and first column. */
interface Spot {
  readonly y: number;
  readonly col: number;
}

/** A body as the last compose (or patch since) drew it; a null spot: only a compose can draw that row. */
interface Placed {
  readonly width: number;
  rows: readonly string[];
  readonly spots: (Spot | null)[];
}

/** One body row to write where it stands on screen (the row and column it starts at, 0-based). */
export interface RowPatch {
  readonly y: number;
  readonly col: number;
  readonly text: string;
}

/** A body's rows for a newer state; null when it cannot draw them (React must render that state). */
export type BodyFeed<Frame> = (frame: Frame) => { readonly width: number; readonly rows: readonly string[] } | null;

export class BodyLayer<Frame = unknown> {
  private readonly bodies = new Map<number, Body>();
  private readonly feeds = new Map<number, BodyFeed<Frame>>();
  private readonly free: number[] = [];
  private next = 0;
  /** Where the last compose drew each body, and each slot's first row index on each screen row. */
  private readonly placed = new Map<number, Placed>();
  private lineStarts: (Map<number, number> | undefined)[] = [];
  /** Slots painted since the last compose or takePatches. */
  private readonly dirty = new Set<number>();
  /** Called when a body's rows changed after the frame that showed it (the sink draws again). */
  onChange: () => void = () => {};

  /** A slot for one body, until released; null when every slot is taken (Ink draws that body itself). */
  claim(): number | null {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.next >= SLOTS) return null;
    return this.next++;
  }

  release(slot: number): void {
    this.bodies.delete(slot);
    this.feeds.delete(slot);
    // Rows it left on screen go with the next compose, not a patch.
    this.dirty.add(slot);
    this.free.push(slot);
  }

  /** How the slot draws a newer state (set with each render of its body); null: it cannot. */
  feed(slot: number, feed: BodyFeed<Frame> | null): void {
    if (feed) this.feeds.set(slot, feed);
    else this.feeds.delete(slot);
  }

  /**
   * Draws `frame`'s bodies from their feeds; false (nothing changed) when a body on screen has
   * no feed or its feed cannot draw it. Only for a state whose every other part is already shown.
   */
  repaintFrom(frame: Frame): boolean {
    const drawn: Array<[number, number, readonly string[]]> = [];
    for (const slot of this.bodies.keys()) {
      const feed = this.feeds.get(slot);
      const body = feed?.(frame);
      if (!body) return false;
      drawn.push([slot, body.width, body.rows]);
    }
    for (const [slot, width, rows] of drawn) this.paint(slot, width, rows);
    return true;
  }

  /** The slot shows nothing any more (its marker is gone from Ink's frames). */
  clear(slot: number): void {
    this.feeds.delete(slot);
    if (!this.bodies.delete(slot)) return;
    this.dirty.add(slot);
    this.onChange();
  }

  /** The character Ink draws at the first column of each of the slot's rows. */
  static marker(slot: number): string {
    return String.fromCodePoint(MARKER_BASE + slot);
  }

  /** The slot's rows from now on; the next frame (or, between frames, a redraw) shows them. */
  paint(slot: number, width: number, rows: readonly string[]): void {
    const before = this.bodies.get(slot);
    if (before && before.width === width && sameRows(before.rows, rows)) return;
    this.bodies.set(slot, { width, rows });
    this.dirty.add(slot);
    this.onChange();
  }

  /**
   * Ink's frame rows with every marker replaced by its body's row. Where each body row went is
   * remembered, so rows painted after it can be written in place (takePatches) while Ink's frame stays.
   */
  compose(lines: readonly string[]): string[] {
    this.placed.clear();
    this.lineStarts = [];
    this.dirty.clear();
    const out = lines.slice();
    if (this.bodies.size === 0) return out;
    const counters = new Map<number, number>();
    for (let y = 0; y < out.length; y++) {
      const line = out[y]!;
      if (!line.includes(MARKER_HIGH)) continue;
      this.lineStarts[y] = new Map(counters);
      out[y] = this.composeLine(line, y, counters, true);
    }
    return out;
  }

  /**
   * The body rows painted since the last compose, each with where it goes on screen, and the
   * screen rows they are on; null when only a new compose can show them (a body's width changed,
   * a row's column is unknown, a body shown went away). The rows are then taken as on screen.
   */
  takePatches(): { readonly patches: RowPatch[]; readonly rows: ReadonlySet<number> } | null {
    const patches: RowPatch[] = [];
    const rows = new Set<number>();
    const taken: Array<[Placed, readonly string[]]> = [];
    for (const slot of this.dirty) {
      const placed = this.placed.get(slot);
      if (placed === undefined) continue;
      const body = this.bodies.get(slot);
      if (body === undefined || body.width !== placed.width) return null;
      for (let i = 0; i < placed.spots.length; i++) {
        const after = body.rows[i];
        if (after === placed.rows[i]) continue;
        const spot = placed.spots[i];
        if (spot === null || spot === undefined) return null;
        patches.push({ y: spot.y, col: spot.col, text: after ?? " ".repeat(placed.width) });
        rows.add(spot.y);
      }
      taken.push([placed, body.rows]);
    }
    for (const [placed, now] of taken) placed.rows = now;
    this.dirty.clear();
    return { patches, rows };
  }

  /** The composed rows `ys` of Ink's frame `lines` (the one last composed) with the bodies' rows as they are now. */
  recompose(lines: readonly string[], ys: ReadonlySet<number>): Map<number, string> {
    const out = new Map<number, string>();
    for (const y of ys) {
      const line = lines[y];
      const starts = this.lineStarts[y];
      if (line !== undefined && starts !== undefined) out.set(y, this.composeLine(line, y, new Map(starts), false));
    }
    return out;
  }

  /** One row with its markers replaced; `counters` says which row of each slot comes next. */
  private composeLine(line: string, y: number, counters: Map<number, number>, place: boolean): string {
    let at = line.indexOf(MARKER_HIGH);
    let composed = "";
    let from = 0;
    // The column `from` is at, -1 once something before it has no known width.
    let col = 0;
    while (at !== -1) {
      const slot = line.charCodeAt(at + 1) - LOW_BASE;
      const body = this.bodies.get(slot);
      let end = at + 2;
      if (body === undefined || slot < 0 || slot >= SLOTS) {
        // Not a marker of a painted body: left as Ink drew it.
        at = line.indexOf(MARKER_HIGH, end);
        continue;
      }
      if (place && col >= 0) col = advance(line, from, at, col);
      const index = counters.get(slot) ?? 0;
      counters.set(slot, index + 1);
      // The body's blank cells after the marker; Ink trims blanks at the end of a row.
      let blanks = 0;
      while (blanks < body.width - 1 && line.charCodeAt(end) === SPACE) {
        end++;
        blanks++;
      }
      const row = body.rows[index];
      // Something drawn over the body's cells (never in hmux's layouts) keeps them: the row shows blank.
      const covered = blanks + 1 < body.width && end < line.length;
      if (place) {
        let placed = this.placed.get(slot);
        if (placed === undefined) {
          placed = { width: body.width, rows: body.rows, spots: [] };
          this.placed.set(slot, placed);
        }
        placed.spots[index] = covered || col < 0 ? null : { y, col };
        if (col >= 0) col += blanks + 1;
      }
      composed += line.slice(from, at);
      composed += row === undefined || covered ? " ".repeat(blanks + 1) : row;
      from = end;
      at = line.indexOf(MARKER_HIGH, end);
    }
    return composed + line.slice(from);
  }
}

/**
 * The column reached from `col` after Ink's text `line[from, to)`: SGR and other CSI sequences take
 * none, a narrow character or a marker one; -1 for anything whose width is not known here.
 */
function advance(line: string, from: number, to: number, col: number): number {
  let i = from;
  while (i < to) {
    const c = line.charCodeAt(i);
    if (c === ESC) {
      if (line.charCodeAt(i + 1) !== 0x5b) return -1;
      let j = i + 2;
      while (j < to && line.charCodeAt(j) >= 0x20 && line.charCodeAt(j) <= 0x3f) j++;
      const final = line.charCodeAt(j);
      if (!(final >= 0x40 && final <= 0x7e)) return -1;
      i = j + 1;
    } else if (c === MARKER_HIGH_CODE) {
      col++;
      i += 2;
    } else if (narrow(c)) {
      col++;
      i++;
    } else return -1;
  }
  return col;
}

function sameRows(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
