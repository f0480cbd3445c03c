/**
 * One terminal row → styled segments: runs of cells sharing the same attributes, the unit
 * the Ink renderer turns into nested <Text>. Wide characters keep their one cell; the
 * zero-width spacer cell after them is skipped. Trailing blank default cells are dropped.
 */
import type { IBufferCell, IBufferLine } from "@xterm/headless";
import { type CellColor, inkColor } from "./palette.js";

export interface SegmentStyle {
  readonly fg?: string;
  readonly bg?: string;
  readonly bold?: boolean;
  readonly dim?: boolean;
  readonly italic?: boolean;
  readonly underline?: boolean;
  readonly inverse?: boolean;
  readonly strikethrough?: boolean;
}

export interface StyledSegment extends SegmentStyle {
  readonly text: string;
}

export type StyledRow = readonly StyledSegment[];

function fgOf(cell: IBufferCell): CellColor {
  if (cell.isFgRGB()) return { mode: "rgb", rgb: cell.getFgColor() };
  if (cell.isFgPalette()) return { mode: "palette", index: cell.getFgColor() };
  return { mode: "default" };
}

function bgOf(cell: IBufferCell): CellColor {
  if (cell.isBgRGB()) return { mode: "rgb", rgb: cell.getBgColor() };
  if (cell.isBgPalette()) return { mode: "palette", index: cell.getBgColor() };
  return { mode: "default" };
}

/** The style of one cell; `cursor` inverts it (the emulated cursor is drawn as a block). */
export function cellStyle(cell: IBufferCell, cursor = false): SegmentStyle {
  const style: { -readonly [K in keyof SegmentStyle]: SegmentStyle[K] } = {};
  const fg = inkColor(fgOf(cell));
  const bg = inkColor(bgOf(cell));
  if (fg !== undefined) style.fg = fg;
  if (bg !== undefined) style.bg = bg;
  if (cell.isBold()) style.bold = true;
  if (cell.isDim()) style.dim = true;
  if (cell.isItalic()) style.italic = true;
  if (cell.isUnderline()) style.underline = true;
  if (cell.isStrikethrough()) style.strikethrough = true;
  const inverse = cell.isInverse() !== 0;
  if (inverse !== cursor) style.inverse = true;
  return style;
}

export function sameStyle(a: SegmentStyle, b: SegmentStyle): boolean {
  return (
    a.fg === b.fg &&
    a.bg === b.bg &&
    a.bold === b.bold &&
    a.dim === b.dim &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.inverse === b.inverse &&
    a.strikethrough === b.strikethrough
  );
}

function isPlain(style: SegmentStyle): boolean {
  return style.bg === undefined && !style.inverse && !style.underline && !style.strikethrough;
}

/**
 * Segments of one line, at most `cols` cells wide. `cursorX` marks the cursor column on
 * this line (drawn inverted), or -1. `scratch` is a reused cell to avoid allocation.
 */
export function rowSegments(
  line: IBufferLine | undefined,
  cols: number,
  scratch: IBufferCell | undefined,
  cursorX = -1,
): StyledRow {
  if (!line) return cursorX >= 0 ? padToCursor([], cursorX) : [];
  const segments: StyledSegment[] = [];
  let text = "";
  let style: SegmentStyle = {};
  const width = Math.min(cols, line.length);
  for (let x = 0; x < width; x++) {
    const cell = line.getCell(x, scratch);
    if (!cell) break;
    const w = cell.getWidth();
    if (w === 0) continue; // the second half of a wide character
    const chars = cell.isInvisible() ? " " : cell.getChars() || " ";
    const s = cellStyle(cell, x === cursorX);
    if (text !== "" && sameStyle(s, style)) {
      text += chars;
    } else {
      if (text !== "") segments.push({ text, ...style });
      text = chars;
      style = s;
    }
  }
  if (text !== "") segments.push({ text, ...style });
  if (cursorX >= width) return padToCursor(trimTrailing(segments), cursorX);
  return trimTrailing(segments, cursorX >= 0 ? cursorX : -1);
}

/** Drops trailing blanks that would render as nothing, keeping everything up to `keepTo`. */
function trimTrailing(segments: StyledSegment[], keepTo = -1): StyledSegment[] {
  let covered = segments.reduce((n, s) => n + [...s.text].length, 0);
  while (segments.length > 0) {
    const last = segments[segments.length - 1]!;
    if (!isPlain(last)) break;
    const trimmed = last.text.replace(/ +$/, "");
    const removed = [...last.text].length - [...trimmed].length;
    const keepable = Math.max(0, covered - (keepTo + 1));
    const drop = Math.min(removed, keepable);
    if (drop === 0) break;
    const kept = [...last.text].slice(0, [...last.text].length - drop).join("");
    covered -= drop;
    if (kept === "") segments.pop();
    else {
      segments[segments.length - 1] = { ...last, text: kept };
      break;
    }
  }
  return segments;
}

function padToCursor(segments: StyledSegment[], cursorX: number): StyledSegment[] {
  const used = segments.reduce((n, s) => n + [...s.text].length, 0);
  if (cursorX > used) segments.push({ text: " ".repeat(cursorX - used) });
  segments.push({ text: " ", inverse: true });
  return segments;
}

export function sameRow(a: StyledRow, b: StyledRow): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.text !== y.text || !sameStyle(x, y)) return false;
  }
  return true;
}

/**
 * `next` with every row equal to the same row of `previous` replaced by that previous
 * object, so a memoized row renderer skips the rows that did not change.
 */
export function reuseRows(previous: readonly StyledRow[], next: readonly StyledRow[]): StyledRow[] {
  return next.map((row, i) => {
    const old = previous[i];
    return old !== undefined && sameRow(old, row) ? old : row;
  });
}

/** The plain text of a row (tests and assertions). */
export function rowText(row: StyledRow): string {
  return row.map((s) => s.text).join("");
}
