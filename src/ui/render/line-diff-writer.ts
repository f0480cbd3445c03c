/**
 * Puts full-screen frames on the terminal by rewriting only what differs from the previous
 * frame: rows that did not change are skipped, and in a row that did, only the changed cells
 * are rewritten (src/ui/render/row-cells.ts) when the row can be split into cells. Ink 6.8 clears
 * the terminal and writes every row whenever the frame is as tall as the terminal (always, for
 * a full-screen TUI), so one countdown moving by a second cost the whole screen.
 */
import type { RowPatch } from "./body-layer.js";
import { type RowCells, rowCells, rowDiff } from "./row-cells.js";

const SYNC_BEGIN = "\u001b[?2026h";
const SYNC_END = "\u001b[?2026l";
const HIDE_CURSOR = "\u001b[?25l";
const SHOW_CURSOR = "\u001b[?25h";
const CLEAR_SCREEN = "\u001b[H\u001b[2J";
/** SGR reset: each frame starts from the default colours, whatever another writer left. */
const RESET = "\u001b[0m";
const ERASE_LINE = "\u001b[2K";

const moveTo = (row: number): string => `\u001b[${row + 1};1H`;

/** Trailing blanks erased (about ten bytes) rather than sent once there are this many. */
const MIN_ERASE = 10;

/**
 * A row that ends in the default attributes, its trailing blanks erased instead of sent: a pane's
 * rows are padded to its width, and a scrolled pane rewrites every one of them. No escape comes
 * after those blanks, so they are in the row's final attributes, the defaults an erase leaves.
 */
function blankEnd(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x20) end--;
  const blanks = text.length - end;
  return blanks < MIN_ERASE ? text : `${text.slice(0, end)}\u001b[${blanks}X`;
}

export interface TerminalSink {
  write(data: string): unknown;
}

export class LineDiffWriter {
  /** The rows on screen; null when the screen's content is unknown and the next frame redraws it all. */
  private shown: string[] | null = null;
  /** The shown rows split into cells, filled in as rows are compared (null: not splittable). */
  private cells: (RowCells | null | undefined)[] = [];
  private cursorHidden = false;

  constructor(
    private readonly out: TerminalSink,
    private readonly rows: () => number,
    /** Called for each frame that wrote to the terminal (a frame identical to the screen writes nothing). */
    private readonly onWrite: () => void = () => {},
  ) {}

  /** The screen no longer shows what was written (a resize, another program's output): redraw in full next. */
  invalidate(): void {
    this.shown = null;
    this.cells = [];
  }

  /** Writes one frame (rows separated by "\n", or its rows); rows beyond the terminal's height are dropped. */
  frame(text: string | string[]): void {
    const height = Math.max(1, this.rows());
    const lines = typeof text === "string" ? text.split("\n") : text;
    if (lines.length > height) lines.length = height;
    const previous = this.shown;
    let body = "";
    if (previous === null) {
      // Rows are erased before they are written, not after: erasing to the end of a row whose
      // text filled the last column would wipe that column's character.
      body = RESET + CLEAR_SCREEN;
      for (let row = 0; row < lines.length; row++) {
        const line = lines[row]!;
        if (line !== "") body += moveTo(row) + line;
      }
      this.cells = [];
    } else {
      const count = Math.max(lines.length, previous.length);
      const cells = this.cells;
      for (let row = 0; row < count; row++) {
        const next = lines[row] ?? "";
        const before = previous[row] ?? "";
        if (next === before) continue;
        const from = cells[row] === undefined ? rowCells(before) : cells[row]!;
        const to = rowCells(next);
        cells[row] = to;
        // A row rewritten whole ends with a reset: rowDiff expects the default attributes.
        body += from && to ? rowDiff(row, from, to) : `${moveTo(row)}${ERASE_LINE}${next}${RESET}`;
      }
      cells.length = lines.length;
      // One reset for the frame: whatever attributes the terminal was left with, rows are compared,
      // erased and written from the defaults.
      if (body !== "") body = RESET + body;
    }
    this.shown = lines;
    this.write(body);
  }

  /**
   * Writes pieces of rows in place, each from the default attributes and ending in them, and takes
   * `lines` as those rows now on screen; false (nothing written) while the screen is unknown.
   */
  patch(patches: readonly RowPatch[], lines: ReadonlyMap<number, string>): boolean {
    const shown = this.shown;
    if (shown === null) return false;
    let body = "";
    for (const p of patches) if (p.y < shown.length) body += `\u001b[${p.y + 1};${p.col + 1}H${blankEnd(p.text)}`;
    for (const [y, line] of lines) {
      if (y >= shown.length) continue;
      shown[y] = line;
      this.cells[y] = undefined;
    }
    this.write(body === "" ? "" : RESET + body);
    return true;
  }

  private write(body: string): void {
    if (body === "") return;
    let data = SYNC_BEGIN + body + SYNC_END;
    if (!this.cursorHidden) {
      data = HIDE_CURSOR + data;
      this.cursorHidden = true;
    }
    this.out.write(data);
    this.onWrite();
  }

  /** Gives the cursor back (on leaving); the next frame redraws in full. */
  release(): void {
    if (this.cursorHidden) this.out.write(SHOW_CURSOR);
    this.cursorHidden = false;
    this.invalidate();
  }
}
