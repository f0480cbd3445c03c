/**
 * One row of an Ink frame as terminal cells, and the bytes that turn one row into another by
 * rewriting only the cells that differ. Side-by-side panes share every screen row, so when one
 * pane scrolls, each row changes only in that pane's columns: rewriting whole rows would resend
 * the other panes' text too.
 *
 * A row is split into cells only when every character is known to take exactly one column and
 * every escape is an SGR (colour/weight) sequence; anything else (wide or combining characters,
 * other escapes) yields null and the caller rewrites the whole row, which is always right.
 */

const ESC = 0x1b;
const RESET = "\u001b[0m";
/** Erase from the cursor to the end of the row. */
const ERASE_TO_END = "\u001b[K";
/** Equal cells a run of changes may span before it is split in two: a cursor move costs about this much. */
const GAP = 6;
/** Unstyled spaces sent as an erase plus a cursor step (about ten bytes) once there are this many. */
const MIN_ERASE = 10;

export interface RowCells {
  readonly chars: readonly string[];
  /** The attributes in force at each cell as one canonical SGR sequence ("" = the default colours). */
  readonly styles: readonly string[];
}

/** Characters one column wide on every terminal (and to string-width, which Ink lays out with). */
export function narrow(code: number): boolean {
  if (code >= 0x20 && code <= 0x7e) return true;
  if (code < 0xa0) return false;
  if (code <= 0x2ff) return code !== 0xad;
  return (
    (code >= 0x2010 && code <= 0x205e) ||
    (code >= 0x2190 && code <= 0x22ff) ||
    (code >= 0x2500 && code <= 0x25fc) ||
    (code >= 0x2800 && code <= 0x28ff) ||
    code === 0x2387 ||
    code === 0x23bf ||
    code === 0x23ce ||
    code === 0x2605 ||
    code === 0x26a0 ||
    code === 0x2713 ||
    code === 0x2717 ||
    code === 0x27f3
  );
}

/**
 * The SGR attributes in force, so that a style reads the same however it was reached ("bold, then
 * not bold" is the default again) and a cell's style can be set by itself after a reset.
 */
class SgrState {
  private weight = "";
  private flags = new Set<number>();
  private fg = "";
  private bg = "";

  /** Applies one sequence's parameters; false for one it does not know (the row is then not split). */
  apply(params: string): boolean {
    const codes = params === "" ? [0] : params.split(";").map(Number);
    for (let k = 0; k < codes.length; k++) {
      const code = codes[k]!;
      if (code === 0) {
        this.weight = "";
        this.flags.clear();
        this.fg = "";
        this.bg = "";
      } else if (code === 1 || code === 2)
        this.weight = this.weight === "" || this.weight === String(code) ? String(code) : "1;2";
      else if (code === 22) this.weight = "";
      else if (code === 3 || code === 4 || code === 7 || code === 8 || code === 9) this.flags.add(code);
      else if (code >= 23 && code <= 29 && code !== 25 && code !== 26) this.flags.delete(code - 20);
      else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) this.fg = String(code);
      else if (code === 39) this.fg = "";
      else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) this.bg = String(code);
      else if (code === 49) this.bg = "";
      else if (code === 38 || code === 48) {
        const size = codes[k + 1] === 5 ? 2 : codes[k + 1] === 2 ? 4 : 0;
        if (size === 0 || k + size >= codes.length) return false;
        const colour = codes.slice(k, k + size + 1).join(";");
        if (code === 38) this.fg = colour;
        else this.bg = colour;
        k += size;
      } else return false;
    }
    return true;
  }

  canonical(): string {
    const parts: string[] = [];
    if (this.weight !== "") parts.push(this.weight);
    for (const flag of [3, 4, 7, 8, 9]) if (this.flags.has(flag)) parts.push(String(flag));
    if (this.fg !== "") parts.push(this.fg);
    if (this.bg !== "") parts.push(this.bg);
    return parts.length === 0 ? "" : `\u001b[${parts.join(";")}m`;
  }
}

export function rowCells(line: string): RowCells | null {
  const chars: string[] = [];
  const styles: string[] = [];
  let style = "";
  const sgr = new SgrState();
  const n = line.length;
  let i = 0;
  while (i < n) {
    const c = line.charCodeAt(i);
    if (c === ESC) {
      if (line.charCodeAt(i + 1) !== 0x5b) return null;
      let j = i + 2;
      while (j < n && line.charCodeAt(j) >= 0x30 && line.charCodeAt(j) <= 0x3f) j++;
      if (line.charCodeAt(j) !== 0x6d) return null;
      if (!sgr.apply(line.slice(i + 2, j))) return null;
      style = sgr.canonical();
      i = j + 1;
      continue;
    }
    if (!narrow(c)) return null;
    chars.push(line[i]!);
    styles.push(style);
    i++;
  }
  return { chars, styles };
}

/** How many unstyled spaces start at `from` (up to `stop`). */
function blankRun(row: RowCells, from: number, stop: number): number {
  let k = from;
  while (k < stop && row.chars[k] === " " && row.styles[k] === "") k++;
  return k - from;
}

function same(a: RowCells, b: RowCells, col: number): boolean {
  const ca = a.chars[col];
  const cb = b.chars[col];
  // A cell past a row's end shows as a blank in the default colours.
  if (ca === undefined || cb === undefined)
    return (ca ?? " ") === (cb ?? " ") && (a.styles[col] ?? "") === (b.styles[col] ?? "");
  return ca === cb && a.styles[col] === b.styles[col];
}

/**
 * The bytes that turn row `row` (0-based) showing `from` into `to`: for each run of changed cells a
 * cursor move, the run's styles and characters (long stretches of unstyled blanks erased rather
 * than sent as spaces: Ink pads every pane's rows to its width); cells past the new row's end are erased.
 * The terminal's attributes must be the defaults when it is called, and are left so: each run resets
 * what it set, so runs need no reset of their own after their cursor move.
 */
export function rowDiff(row: number, from: RowCells, to: RowCells): string {
  const toLen = to.chars.length;
  const width = Math.max(from.chars.length, toLen);
  let out = "";
  let col = 0;
  while (col < width) {
    while (col < width && same(from, to, col)) col++;
    if (col >= width) break;
    let end = col + 1;
    for (;;) {
      while (end < width && !same(from, to, end)) end++;
      let gap = 0;
      while (end + gap < width && gap < GAP && same(from, to, end + gap)) gap++;
      if (end + gap >= width || gap >= GAP) break;
      end += gap;
    }
    out += `\u001b[${row + 1};${col + 1}H`;
    let style = "";
    const stop = Math.min(end, toLen);
    for (let k = col; k < stop; k++) {
      const s = to.styles[k]!;
      const blanks = s === "" ? blankRun(to, k, stop) : 0;
      if (blanks >= MIN_ERASE) {
        // Erase the cells instead of sending spaces, then step over them (not needed at the run's end).
        if (style !== "") out += RESET;
        style = "";
        out += `\u001b[${blanks}X${k + blanks < stop ? `\u001b[${blanks}C` : ""}`;
        k += blanks - 1;
        continue;
      }
      if (s !== style) {
        out += style === "" ? s : RESET + s;
        style = s;
      }
      out += to.chars[k]!;
    }
    if (style !== "") out += RESET;
    // Only ever short of the last column here: erasing at a full row's end would wipe its last character.
    if (end > toLen) {
      out += ERASE_TO_END;
      break;
    }
    col = end;
  }
  return out;
}
