/**
 * Splits a byte stream into text lines the way every harness stream needs it:
 * on `\n` only (a pty ends lines in `\r\n`, so a trailing `\r` is stripped), decoding
 * UTF-8 per whole line so a multi-byte character split across chunks is never torn.
 *
 * Memory stays bounded: a line longer than `maxLineBytes` is not buffered — the rest of it
 * is skipped up to its newline and reported as one typed `oversized` item, then the
 * stream continues. Invalid UTF-8 is replaced with U+FFFD AND reported (`invalidUtf8`).
 */

import { invariant } from "./invariant.js";

export const DEFAULT_MAX_LINE_BYTES = 8 * 1024 * 1024;

export type LineItem =
  | { readonly kind: "line"; readonly text: string; readonly invalidUtf8: boolean }
  | { readonly kind: "oversized"; readonly bytes: number; readonly limit: number };

export interface LineSplitterOptions {
  readonly maxLineBytes?: number;
}

const NEWLINE = 0x0a;
const CR = "\r";

export class LineSplitter {
  readonly maxLineBytes: number;
  // Only the first is fatal, so a clean line costs one decode; an invalid one costs two.
  private readonly strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  private readonly lenient = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  /** Bytes of the current over-long line seen so far; -1 when not discarding. */
  private discarded = -1;

  constructor(options: LineSplitterOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    invariant(Number.isInteger(max) && max >= 1, `maxLineBytes is a positive integer, not ${max}`);
    this.maxLineBytes = max;
  }

  /** Feed one chunk; returns the lines it completed. */
  push(chunk: Uint8Array): LineItem[] {
    const out: LineItem[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, pos);
      if (nl === -1) {
        this.hold(chunk.subarray(pos));
        break;
      }
      if (this.discarded >= 0 || this.carryBytes > 0) {
        this.finishHeldLine(chunk.subarray(pos, nl), out);
        pos = nl + 1;
        continue;
      }
      pos = this.splitWholeLines(chunk, pos, out);
    }
    return out;
  }

  /** The stream ended: a last line without a newline is still a line. */
  end(): LineItem[] {
    const out: LineItem[] = [];
    if (this.discarded >= 0 || this.carryBytes > 0) this.finishHeldLine(new Uint8Array(0), out);
    return out;
  }

  /** Fast path: every complete line from `pos` to the chunk's last newline, decoded at once. */
  private splitWholeLines(chunk: Uint8Array, pos: number, out: LineItem[]): number {
    const last = chunk.lastIndexOf(NEWLINE);
    const region = chunk.subarray(pos, last);
    if (region.length <= this.maxLineBytes) {
      let text: string | undefined;
      try {
        text = this.strict.decode(region);
      } catch {
        text = undefined; // some line in the region is invalid: find which, line by line
      }
      if (text !== undefined) {
        for (const line of text.split("\n")) out.push({ kind: "line", text: stripCr(line), invalidUtf8: false });
        return last + 1;
      }
    }
    // Slow path, one line at a time (invalid bytes, or a region big enough to hold an over-long line).
    let start = pos;
    while (start <= last) {
      const nl = chunk.indexOf(NEWLINE, start);
      const bytes = nl - start;
      if (bytes > this.maxLineBytes) out.push({ kind: "oversized", bytes, limit: this.maxLineBytes });
      else out.push(this.decodeLine(chunk.subarray(start, nl)));
      start = nl + 1;
    }
    return last + 1;
  }

  private hold(part: Uint8Array): void {
    if (this.discarded >= 0) {
      this.discarded += part.length;
      return;
    }
    if (this.carryBytes + part.length > this.maxLineBytes) {
      this.discarded = this.carryBytes + part.length;
      this.carry = [];
      this.carryBytes = 0;
      return;
    }
    // Copy: the producer may reuse its buffer after we return.
    this.carry.push(part.slice());
    this.carryBytes += part.length;
  }

  private finishHeldLine(tail: Uint8Array, out: LineItem[]): void {
    if (this.discarded >= 0) {
      out.push({ kind: "oversized", bytes: this.discarded + tail.length, limit: this.maxLineBytes });
      this.discarded = -1;
      return;
    }
    const total = this.carryBytes + tail.length;
    if (total > this.maxLineBytes) {
      out.push({ kind: "oversized", bytes: total, limit: this.maxLineBytes });
    } else {
      const whole = new Uint8Array(total);
      let at = 0;
      for (const part of this.carry) {
        whole.set(part, at);
        at += part.length;
      }
      whole.set(tail, at);
      out.push(this.decodeLine(whole));
    }
    this.carry = [];
    this.carryBytes = 0;
  }

  private decodeLine(bytes: Uint8Array): LineItem {
    try {
      return { kind: "line", text: stripCr(this.strict.decode(bytes)), invalidUtf8: false };
    } catch {
      return { kind: "line", text: stripCr(this.lenient.decode(bytes)), invalidUtf8: true };
    }
  }
}

function stripCr(line: string): string {
  return line.endsWith(CR) ? line.slice(0, -1) : line;
}
