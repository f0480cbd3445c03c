/**
 * A recorded one-shot turn (its stdout, optionally its stderr) → the full HarnessEvent list,
 * ending in the `done` the stream implies. Used by `hmux decode` and by tests, so a recorded
 * turn's end can be checked without re-running it.
 *
 * Lines split on "\n" only (U+2028 is legal inside JSON strings), a trailing "\r" is stripped
 * (pty output), blank lines are skipped, and a line that is not a JSON object goes to the
 * decoder's text path, surfaced as `raw` rather than dropped.
 */

import type { MatcherSet } from "./classify.js";
import { concludeTurn } from "./conclude.js";
import type { JsonObject, StreamDecoder } from "./decoder.js";
import type { HarnessEvent } from "./events.js";

export interface DecodeRecordedOptions {
  /** The turn's stderr, fed after stdout (a recording does not keep the interleaving). */
  readonly stderr?: string;
  /** Default true, as for a turn hmux runs. */
  readonly escalateQuestions?: boolean;
  readonly matchers?: MatcherSet;
}

export function splitLines(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split("\n")) {
    const line = piece.endsWith("\r") ? piece.slice(0, -1) : piece;
    if (line.trim() !== "") out.push(line);
  }
  return out;
}

/** A JSON object, or undefined for anything else (arrays, scalars, garbage). */
export function parseRecord(line: string): JsonObject | undefined {
  const first = line.trimStart()[0];
  if (first !== "{") return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** Feeds one stdout line to a decoder: JSON objects as records, everything else as text. */
export function decodeLine(decoder: StreamDecoder, line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
  if (stream === "stderr") return decoder.text(line, "stderr");
  const record = parseRecord(line);
  return record ? decoder.record(record) : decoder.text(line, "stdout");
}

export function decodeRecorded(
  decoder: StreamDecoder,
  text: string,
  exitCode: number | null,
  opts: DecodeRecordedOptions = {},
): HarnessEvent[] {
  const events: HarnessEvent[] = [];
  for (const line of splitLines(text)) events.push(...decodeLine(decoder, line, "stdout"));
  if (opts.stderr !== undefined)
    for (const line of splitLines(opts.stderr)) events.push(...decodeLine(decoder, line, "stderr"));
  events.push(...decoder.end());
  const incompleteTurn = decoder.incompleteTurn?.();
  events.push(
    ...concludeTurn({
      events,
      exit: { code: exitCode, signal: null },
      escalateQuestions: opts.escalateQuestions ?? true,
      ...(incompleteTurn !== undefined ? { incompleteTurn } : {}),
      ...(opts.matchers ? { matchers: opts.matchers } : {}),
    }),
  );
  return events;
}
