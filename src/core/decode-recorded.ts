/**
 * A recorded one-shot turn held in memory (its stdout, optionally its stderr) → the full
 * HarnessEvent list, ending in the `done` the stream implies. For tests and small recordings;
 * `hmux decode` streams the same RecordedTurn line by line instead.
 *
 * Lines split on "\n" only (U+2028 is legal inside JSON strings), a trailing "\r" is stripped
 * (pty output), blank lines are skipped, and a line that is not a JSON object goes to the
 * decoder's text path, surfaced as `raw` rather than dropped.
 */

import type { StreamDecoder } from "./decoder.js";
import type { HarnessEvent } from "./events.js";
import { RecordedTurn, type RecordedTurnOptions } from "./recorded-turn.js";

export interface DecodeRecordedOptions extends RecordedTurnOptions {
  /** The turn's stderr, fed after stdout (a recording does not keep the interleaving). */
  readonly stderr?: string;
}

export function splitLines(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split("\n")) {
    const line = piece.endsWith("\r") ? piece.slice(0, -1) : piece;
    if (line.trim() !== "") out.push(line);
  }
  return out;
}

export function decodeRecorded(
  decoder: StreamDecoder,
  text: string,
  exitCode: number | null,
  opts: DecodeRecordedOptions = {},
): HarnessEvent[] {
  const turn = new RecordedTurn(decoder, opts);
  const events: HarnessEvent[] = [];
  const add = (batch: readonly HarnessEvent[]) => {
    for (const e of batch) events.push(e);
  };
  for (const line of splitLines(text)) add(turn.stdout(line));
  if (opts.stderr !== undefined) for (const line of splitLines(opts.stderr)) add(turn.stderr(line));
  add(turn.end(exitCode));
  return events;
}
