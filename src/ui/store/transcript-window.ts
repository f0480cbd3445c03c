/**
 * Which rows of a transcript a pane shows. Follow mode (anchor null) shows the tail;
 * a scrolled pane is anchored to an entry's sequence number, so new output does not move
 * what the reader is looking at. Walks only as many entries as the window needs.
 */
import { type DisplayLine, entryLines } from "./entry-lines.js";
import type { TranscriptEntry } from "./session-view.js";

export interface ScrollAnchor {
  readonly seq: number;
  readonly line: number;
}

export interface TranscriptWindow {
  readonly lines: readonly DisplayLine[];
  /** Rows hidden below the window (0 in follow mode). */
  readonly below: number;
  readonly following: boolean;
}

function indexOfSeq(entries: readonly TranscriptEntry[], seq: number): number {
  // Entries are in ascending seq order: binary search.
  let lo = 0;
  let hi = entries.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function tail(entries: readonly TranscriptEntry[], width: number, height: number): DisplayLine[] {
  const out: DisplayLine[] = [];
  for (let i = entries.length - 1; i >= 0 && out.length < height; i--) {
    const ls = entryLines(entries[i]!, width);
    for (let j = ls.length - 1; j >= 0 && out.length < height; j--) out.push(ls[j]!);
  }
  return out.reverse();
}

export function transcriptWindow(
  entries: readonly TranscriptEntry[],
  width: number,
  height: number,
  anchor: ScrollAnchor | null,
): TranscriptWindow {
  if (height <= 0) return { lines: [], below: 0, following: anchor === null };
  if (anchor === null || entries.length === 0)
    return { lines: tail(entries, width, height), below: 0, following: true };
  const out: DisplayLine[] = [];
  let i = indexOfSeq(entries, anchor.seq);
  let line = entries[i]?.seq === anchor.seq ? anchor.line : 0;
  let below = 0;
  for (; i < entries.length; i++, line = 0) {
    const ls = entryLines(entries[i]!, width);
    for (let j = Math.min(line, ls.length); j < ls.length; j++) {
      if (out.length < height) out.push(ls[j]!);
      else below++;
    }
  }
  if (out.length < height) return { lines: tail(entries, width, height), below: 0, following: false };
  return { lines: out, below, following: false };
}

/**
 * Moves the window by `delta` rows (negative: up, into history). Returns null when the
 * move reaches the bottom, which resumes following.
 */
export function scrollAnchor(
  entries: readonly TranscriptEntry[],
  width: number,
  height: number,
  anchor: ScrollAnchor | null,
  delta: number,
): ScrollAnchor | null {
  if (entries.length === 0) return null;
  let i: number;
  let line: number;
  if (anchor === null) {
    // Top of the tail window.
    let remaining = height;
    i = entries.length - 1;
    line = 0;
    for (; i >= 0; i--) {
      const n = entryLines(entries[i]!, width).length;
      if (n >= remaining) {
        line = n - remaining;
        break;
      }
      remaining -= n;
    }
    if (i < 0) {
      i = 0;
      line = 0;
    }
  } else {
    i = indexOfSeq(entries, anchor.seq);
    line = entries[i]?.seq === anchor.seq ? anchor.line : 0;
  }
  if (delta < 0) {
    let up = -delta;
    while (up > 0) {
      if (line >= up) {
        line -= up;
        up = 0;
      } else {
        up -= line;
        if (i === 0) {
          line = 0;
          break;
        }
        i--;
        line = entryLines(entries[i]!, width).length;
      }
    }
    return { seq: entries[i]!.seq, line };
  }
  let down = delta;
  while (down > 0 && i < entries.length) {
    const n = entryLines(entries[i]!, width).length;
    if (line + down < n) {
      line += down;
      down = 0;
    } else {
      down -= n - line;
      i++;
      line = 0;
    }
  }
  if (i >= entries.length) return null;
  const next = { seq: entries[i]!.seq, line };
  return transcriptWindow(entries, width, height, next).below === 0 ? null : next;
}
