/**
 * Ink's Output.get (node_modules/ink/build/output.js) composed again, frame for frame the same
 * string. Ink builds a fresh width×height grid of cell objects every frame, clips, tokenizes and
 * measures every written line anew (its caches live on the one frame's Output), and turns every
 * row back into a string, diffing each cell's styles against the previous cell's with fresh Sets:
 * about two thirds of the TUI's CPU under load, most of the rest collecting that garbage.
 *
 * Here a written line is clipped and tokenized once and kept across frames (bounded): as flat
 * arrays of characters, their widths and an interned style number, so no object exists per cell.
 * A row remembers which parsed lines were placed where; when the same lines land at the same
 * columns again the row's string from the last frame is reused, and only other rows are laid
 * out, in two reused arrays, and written out with the escape codes between two styles computed
 * once per pair. Every step keeps Ink's semantics, including its quirks: only the innermost
 * clip applies, a wide character's second column is an empty cell carrying its style, a line
 * starting above the frame is dropped with all after it, text past the right edge extends the row.
 *
 * Not done as well: handing these rows to the line-diff writer so it need not split the frame
 * again. With Ink's get replaced, the writer's whole share (split, row comparison, parsing the
 * changed rows, and the cell diff it needs either way) profiled at about a tenth of what remained
 * under the bench's load (about 0.01 core), the split and comparison a third of that: too little
 * for a second way for frames to reach the terminal, one that a resize would also have to follow.
 *
 * The functions it tokenizes, slices and measures with are the ones Ink's own output.js imports
 * (handed over by the amendment in ink-cache-bounds.ts), so they are Ink's dependencies' versions.
 */
import { GenerationalCache } from "./generational-cache.js";

export interface AnsiCode {
  readonly type: string;
  readonly code: string;
  readonly endCode: string;
}

export interface StyledChar {
  readonly value: string;
  readonly styles: readonly AnsiCode[];
}

/** What Ink's output.js imports, handed over with each frame. */
export interface ComposeKit {
  sliceAnsi(text: string, from: number, to?: number): string;
  stringWidth(text: string): number;
  tokenize(text: string): unknown[];
  styledCharsFromTokens(tokens: unknown[]): StyledChar[];
  diffAnsiCodes(from: readonly AnsiCode[], to: readonly AnsiCode[]): AnsiCode[];
  ansiCodesToString(codes: readonly AnsiCode[]): string;
}

type Transformer = (line: string, index: number) => string;

interface Clip {
  readonly x1?: number;
  readonly x2?: number;
  readonly y1?: number;
  readonly y2?: number;
}

type Operation =
  | {
      readonly type: "write";
      readonly x: number;
      readonly y: number;
      readonly text: string;
      readonly transformers: readonly Transformer[];
    }
  | { readonly type: "clip"; readonly clip: Clip }
  | { readonly type: "unclip" };

export interface Frame {
  readonly output: string;
  readonly height: number;
}

/** The fields of Ink's Output instance read here; inkGet is its own get, kept by the amendment. */
export interface InkOutput {
  readonly width: number;
  readonly height: number;
  readonly operations: readonly unknown[];
  inkGet(): Frame;
}

/** Distinct texts kept per generation in each table: several screens' worth of lines. */
export const LINE_CACHE_LIMIT = 2000;
/** Distinct styles before everything is dropped and numbered afresh: a screen has a few dozen. */
export const STYLE_LIMIT = 4096;
/** Escape-code strings kept between pairs of styles before the table is emptied. */
const MOVE_LIMIT = 4 * STYLE_LIMIT;

/** A written line, tokenized: per character its text, its columns (null: all one) and its style number. */
interface Line {
  readonly values: readonly string[];
  readonly widths: readonly number[] | null;
  readonly styles: Uint16Array;
}

interface Slice {
  readonly from: number;
  readonly to: number;
  readonly text: string;
}

const sameCodes = (a: readonly AnsiCode[], b: readonly AnsiCode[]): boolean => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k]!.code !== b[k]!.code || a[k]!.endCode !== b[k]!.endCode) return false;
  return true;
};

const isCoordinate = (n: unknown): boolean => n === undefined || Number.isInteger(n);

export class Compositor {
  private readonly widths = new GenerationalCache<string, number>(LINE_CACHE_LIMIT);
  private readonly widest = new GenerationalCache<string, number>(LINE_CACHE_LIMIT);
  private readonly slices = new GenerationalCache<string, Slice>(LINE_CACHE_LIMIT);
  private readonly lines = new GenerationalCache<string, Line>(LINE_CACHE_LIMIT);
  private readonly charWidths = new GenerationalCache<string, number>(LINE_CACHE_LIMIT);
  private styleIds = new Map<string, number>();
  private styleCodes: (readonly AnsiCode[])[] = [[]];
  private moves = new Map<number, string>();
  /** Last frame: per row the placements ([column, Line, …]) and the string they made. */
  private placed: ((number | Line)[] | undefined)[] = [];
  private rows: string[] = [];
  private width = -1;
  /** One row's cells while it is laid out: character (undefined: a gap Ink filters out) and style. */
  private readonly cellValues: (string | undefined)[] = [];
  private readonly cellStyles: number[] = [];

  constructor(private readonly kit: ComposeKit) {}

  compose(output: InkOutput): Frame {
    const { width, height } = output;
    const operations = output.operations as readonly Operation[];
    if (!this.composable(width, height, operations)) return output.inkGet();
    if (this.styleCodes.length >= STYLE_LIMIT) this.reset();
    let rowCount = 0;
    for (let y = 0; y < height; y++) rowCount++;
    const placed: ((number | Line)[] | undefined)[] = new Array(rowCount);
    const clips: Clip[] = [];
    for (const operation of operations) {
      if (operation.type === "clip") clips.push(operation.clip);
      else if (operation.type === "unclip") clips.pop();
      else if (operation.type === "write") this.write(operation, clips.at(-1), placed, rowCount);
    }
    const rows: string[] = new Array(rowCount);
    const reuse = width === this.width;
    for (let y = 0; y < rowCount; y++) {
      const here = placed[y];
      const before = this.placed[y];
      if (here === undefined) rows[y] = "";
      else if (reuse && before !== undefined && samePlacements(before, here)) rows[y] = this.rows[y]!;
      else rows[y] = this.row(width, here);
    }
    this.placed = placed;
    this.rows = rows;
    this.width = width;
    return { output: rows.join("\n"), height: rowCount };
  }

  /** Whole-number geometry only: Ink places fractional coordinates by array property quirks not copied here. */
  private composable(width: number, height: number, operations: readonly Operation[]): boolean {
    if (!Number.isInteger(width) || !Number.isInteger(height)) return false;
    for (const op of operations) {
      if (op.type === "write" && !(Number.isInteger(op.x) && Number.isInteger(op.y))) return false;
      if (op.type === "clip") {
        const { x1, x2, y1, y2 } = op.clip;
        if (!(isCoordinate(x1) && isCoordinate(x2) && isCoordinate(y1) && isCoordinate(y2))) return false;
      }
    }
    return true;
  }

  private write(
    operation: Extract<Operation, { type: "write" }>,
    clip: Clip | undefined,
    placed: ((number | Line)[] | undefined)[],
    rowCount: number,
  ): void {
    const { text, transformers } = operation;
    let { x, y } = operation;
    let lines = text.split("\n");
    if (clip) {
      const clipHorizontally = typeof clip.x1 === "number" && typeof clip.x2 === "number";
      const clipVertically = typeof clip.y1 === "number" && typeof clip.y2 === "number";
      if (clipHorizontally) {
        const widest = this.widestLine(text, lines);
        if (x + widest < clip.x1! || x > clip.x2!) return;
      }
      if (clipVertically && (y + lines.length < clip.y1! || y > clip.y2!)) return;
      // Ink slices every line to the clip's columns, then drops the rows outside it; slicing is
      // pure, so dropping first gives the same lines without slicing the ones that go.
      if (clipVertically) {
        const y1 = clip.y1!;
        const y2 = clip.y2!;
        const from = y < y1 ? y1 - y : 0;
        const to = y + lines.length > y2 ? y2 - y : lines.length;
        lines = lines.slice(from, to);
        if (y < y1) y = y1;
      }
      if (clipHorizontally) {
        const x1 = clip.x1!;
        const x2 = clip.x2!;
        const from = x < x1 ? x1 - x : 0;
        for (let k = 0; k < lines.length; k++) {
          const line = lines[k]!;
          const lineWidth = this.stringWidth(line);
          lines[k] = this.slice(line, from, x + lineWidth > x2 ? x2 - x : lineWidth);
        }
        if (x < x1) x = x1;
      }
    }
    for (let index = 0; index < lines.length; index++) {
      const row = y + index;
      // Ink skips a line whose row does not exist without moving on a row, so every later line is skipped too.
      if (row < 0 || row >= rowCount) break;
      let line = lines[index]!;
      for (const transformer of transformers) line = transformer(line, index);
      const parsed = this.parse(line);
      const list = placed[row];
      if (list === undefined) placed[row] = [x, parsed];
      else list.push(x, parsed);
    }
  }

  /** One row's string, as Ink's styledCharsToString of its cells and trimEnd would make it. */
  private row(width: number, placements: readonly (number | Line)[]): string {
    const values = this.cellValues;
    const styles = this.cellStyles;
    for (let c = 0; c < width; c++) {
      values[c] = " ";
      styles[c] = 0;
    }
    values.length = width;
    styles.length = width;
    for (let p = 0; p < placements.length; p += 2) {
      const line = placements[p + 1] as Line;
      const lineValues = line.values;
      const lineStyles = line.styles;
      const lineWidths = line.widths;
      let col = placements[p] as number;
      for (let i = 0; i < lineValues.length; i++) {
        const style = lineStyles[i]!;
        if (col >= 0) {
          values[col] = lineValues[i];
          styles[col] = style;
        }
        const columns = lineWidths === null ? 1 : lineWidths[i]!;
        for (let k = 1; k < columns; k++) {
          if (col + k < 0) continue;
          values[col + k] = "";
          styles[col + k] = style;
        }
        col += columns;
      }
    }
    let out = "";
    let style = 0;
    let any = false;
    for (let c = 0; c < values.length; c++) {
      const value = values[c];
      if (value === undefined) continue;
      const next = styles[c]!;
      if (next !== style) out += this.move(style, next);
      out += value;
      style = next;
      any = true;
    }
    if (any && style !== 0) out += this.move(style, 0);
    return out.trimEnd();
  }

  private parse(text: string): Line {
    const known = this.lines.get(text);
    if (known !== undefined) return known;
    const chars = this.kit.styledCharsFromTokens(this.kit.tokenize(text));
    const values: string[] = new Array(chars.length);
    const styles = new Uint16Array(chars.length);
    let widths: number[] | null = null;
    let lastCodes: readonly AnsiCode[] | null = null;
    let lastStyle = 0;
    for (let i = 0; i < chars.length; i++) {
      const { value, styles: codes } = chars[i]!;
      values[i] = value;
      const style =
        codes.length === 0 ? 0 : lastCodes !== null && sameCodes(lastCodes, codes) ? lastStyle : this.styleOf(codes);
      styles[i] = style;
      lastCodes = codes;
      lastStyle = style;
      const columns = this.charWidth(value);
      if (columns !== 1) {
        widths ??= new Array<number>(chars.length).fill(1);
        widths[i] = columns;
      }
    }
    const line: Line = { values, widths, styles };
    this.lines.set(text, line);
    return line;
  }

  private styleOf(codes: readonly AnsiCode[]): number {
    const key = JSON.stringify(codes.map((c) => [c.code, c.endCode]));
    let id = this.styleIds.get(key);
    if (id === undefined) {
      id = this.styleCodes.length;
      this.styleCodes.push(codes);
      this.styleIds.set(key, id);
    }
    return id;
  }

  /** The escape codes between two styles: Ink's diffAnsiCodes of the two, once per pair. */
  private move(from: number, to: number): string {
    const key = from * 0x10000 + to;
    let codes = this.moves.get(key);
    if (codes === undefined) {
      codes = this.kit.ansiCodesToString(this.kit.diffAnsiCodes(this.styleCodes[from]!, this.styleCodes[to]!));
      if (this.moves.size >= MOVE_LIMIT) this.moves.clear();
      this.moves.set(key, codes);
    }
    return codes;
  }

  /** Columns a character takes in a row: Ink's max(1, string-width). */
  private charWidth(value: string): number {
    if (value.length === 1) {
      const code = value.charCodeAt(0);
      if (code >= 0x20 && code <= 0x7e) return 1;
    }
    let columns = this.charWidths.get(value);
    if (columns === undefined) {
      columns = Math.max(1, this.kit.stringWidth(value));
      this.charWidths.set(value, columns);
    }
    return columns;
  }

  private stringWidth(text: string): number {
    let columns = this.widths.get(text);
    if (columns === undefined) {
      columns = this.kit.stringWidth(text);
      this.widths.set(text, columns);
    }
    return columns;
  }

  private widestLine(text: string, lines: readonly string[]): number {
    let columns = this.widest.get(text);
    if (columns === undefined) {
      columns = 0;
      for (const line of lines) columns = Math.max(columns, this.stringWidth(line));
      this.widest.set(text, columns);
    }
    return columns;
  }

  private slice(line: string, from: number, to: number): string {
    const known = this.slices.get(line);
    if (known !== undefined && known.from === from && known.to === to) return known.text;
    const text = this.kit.sliceAnsi(line, from, to);
    this.slices.set(line, { from, to, text });
    return text;
  }

  /** Forgets every line and style: their numbers start again, so no row of the last frame is reused. */
  private reset(): void {
    this.widths.clear();
    this.widest.clear();
    this.slices.clear();
    this.lines.clear();
    this.charWidths.clear();
    this.styleIds = new Map();
    this.styleCodes = [[]];
    this.moves = new Map();
    this.placed = [];
    this.rows = [];
    this.width = -1;
  }
}

function samePlacements(a: readonly (number | Line)[], b: readonly (number | Line)[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** Where the amended output.js looks for a composer (ink-cache-bounds.ts); absent, Ink's own get runs. */
export const COMPOSE_KEY = Symbol.for("harnessmux.composeInkOutput");

type Compose = (output: InkOutput, kit: ComposeKit) => Frame;

let shared: Compositor | null = null;
let sharedKit: ComposeKit | null = null;

/** Composes one of Ink's frames with the process's compositor (one per kit: its caches hold that kit's results). */
export const composeInkOutput: Compose = (output, kit) => {
  if (shared === null || sharedKit !== kit) {
    shared = new Compositor(kit);
    sharedKit = kit;
  }
  return shared.compose(output);
};

/** Turns the compositor on or off for Ink frames from now on (the bench measures both in one process). */
export function enableCompositor(on: boolean): void {
  const scope = globalThis as { [COMPOSE_KEY]?: Compose };
  if (on) scope[COMPOSE_KEY] = composeInkOutput;
  else {
    delete scope[COMPOSE_KEY];
    shared = null;
    sharedKit = null;
  }
}
