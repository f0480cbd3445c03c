/**
 * The changes view's own state (one overlay at a time, for one session's worktree) and the
 * questions update and the screen both ask of it: the lines the scrollable body holds and how
 * many of them fit. Lines are never wrapped (they are cut at the width), so a line count does
 * not depend on the terminal's width and scrolling stays pure.
 */
import type { ChangesData } from "../changes-port.js";
import { CHROME_ROWS } from "./ui-state.js";

export type ChangesAction = "commit" | "merge" | "discard";

export interface ChangesResult {
  readonly tone: "info" | "warn" | "error";
  readonly text: string;
  /** Files the result is about: a merge's conflicts. */
  readonly files: readonly string[];
  readonly hint?: string;
}

export interface ChangesState {
  /** The session whose worktree is shown. */
  readonly key: string;
  readonly scope: "base" | "turn";
  /** The turn asked for in the "turn" scope (null: the latest). */
  readonly turn: number | null;
  readonly data: ChangesData | null;
  readonly loading: boolean;
  /** Numbers each load, so a slow answer to an older request is dropped. */
  readonly seq: number;
  /** The first body line shown. */
  readonly scroll: number;
  /** Browsing, typing the commit message, or asked whether to discard. */
  readonly mode: "browse" | "commit" | "confirm-discard";
  readonly message: string;
  readonly busy: ChangesAction | null;
  readonly result: ChangesResult | null;
}

export type BodyTone = "file" | "add" | "del" | "hunk" | "meta" | "plain" | "dim";

export interface BodyLine {
  readonly text: string;
  readonly tone: BodyTone;
}

function count(n: number | null, sign: string): string {
  return n === null ? "bin" : `${sign}${n}`;
}

const cache = new WeakMap<ChangesData, readonly BodyLine[]>();

/** The file list (with +/− counts), a blank line, then the unified diff, line by line. */
export function bodyLines(data: ChangesData): readonly BodyLine[] {
  const known = cache.get(data);
  if (known) return known;
  const lines = buildLines(data);
  cache.set(data, lines);
  return lines;
}

function buildLines(data: ChangesData): BodyLine[] {
  const lines: BodyLine[] = [];
  if (data.files.length === 0) {
    lines.push({
      text: data.scope === "turn" ? "this turn changed no file" : "no changes against the base",
      tone: "dim",
    });
    return lines;
  }
  const wide = Math.max(...data.files.map((f) => count(f.added, "+").length));
  for (const f of data.files) {
    const name = f.from !== undefined ? `${f.from} → ${f.path}` : f.path;
    lines.push({
      text: `${count(f.added, "+").padStart(wide)} ${count(f.removed, "−").padEnd(5)} ${name}`,
      tone: "file",
    });
  }
  lines.push({ text: "", tone: "plain" });
  const patch = data.patch.endsWith("\n") ? data.patch.slice(0, -1) : data.patch;
  for (const raw of patch.split("\n")) {
    const text = raw.replace(/\t/g, "    ");
    lines.push({ text, tone: lineTone(text) });
  }
  return lines;
}

function lineTone(line: string): BodyTone {
  if (line.startsWith("+++ ") || line.startsWith("--- ")) return "meta";
  if (line.startsWith("diff --git ") || line.startsWith("index ") || /^(new|deleted|similarity|rename) /.test(line))
    return "meta";
  if (line.startsWith("@@")) return "hunk";
  if (line.startsWith("+")) return "add";
  if (line.startsWith("-")) return "del";
  return "plain";
}

/** Rows the overlay keeps for itself: border, title, hints, and the message field or a result. */
export function changesChromeRows(changes: ChangesState): number {
  const result = changes.result
    ? Math.min(4, 1 + (changes.result.files.length > 0 ? 1 : 0) + (changes.result.hint ? 1 : 0))
    : 0;
  const field = changes.mode === "browse" ? 0 : 1;
  return 2 + 1 + 1 + result + field;
}

/** Body rows on screen for a terminal `rows` high. */
export function changesPageRows(rows: number, changes: ChangesState): number {
  return Math.max(1, rows - CHROME_ROWS - changesChromeRows(changes));
}

export function maxScroll(rows: number, changes: ChangesState): number {
  const total = changes.data ? bodyLines(changes.data).length : 0;
  return Math.max(0, total - changesPageRows(rows, changes));
}
