/**
 * A recorded one-shot turn decoded line by line: each line's events come back at once, and the
 * turn keeps only what concluding it needs (every failure and limit, the latest assistant
 * message, the last stderr lines), so memory does not grow with the recording. `hmux decode`
 * streams through it; decodeRecorded wraps it for a whole recording held in memory.
 *
 * A line that is not a JSON object goes to the decoder's text path, surfaced as `raw` rather
 * than dropped; blank lines are skipped.
 */

import type { MatcherSet } from "./classify.js";
import { concludeTurn, STDERR_TAIL_LINES } from "./conclude.js";
import type { JsonObject, StreamDecoder } from "./decoder.js";
import type { HarnessEvent } from "./events.js";
import { failure, failureEvent } from "./failure.js";
import { invariant } from "./invariant.js";

export interface RecordedTurnOptions {
  /** Default true, as for a turn hmux runs. */
  readonly escalateQuestions?: boolean;
  readonly matchers?: MatcherSet;
}

const OPEN_BRACE = 0x7b;

/** Blank by String#trim's reckoning; the common line (a JSON record) is decided by its first character. */
function isBlank(line: string): boolean {
  return line.charCodeAt(0) !== OPEN_BRACE && line.trim() === "";
}

/** A JSON object, or undefined for anything else (arrays, scalars, garbage). */
export function parseRecord(line: string): JsonObject | undefined {
  // Only a line that does not start with "{" is trimmed (a copy) to find its first character.
  if (line.charCodeAt(0) !== OPEN_BRACE && line.trimStart().charCodeAt(0) !== OPEN_BRACE) return undefined;
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

export class RecordedTurn {
  /** Every failure and limit, in order: what decides how the turn ended. */
  private readonly significant: HarnessEvent[] = [];
  private lastAssistant: HarnessEvent | undefined;
  private readonly stderrTail: string[] = [];
  private ended = false;

  constructor(
    private readonly decoder: StreamDecoder,
    private readonly options: RecordedTurnOptions = {},
  ) {}

  /** One line of the recorded stdout (without its newline). */
  stdout(line: string): HarnessEvent[] {
    if (isBlank(line)) return [];
    const record = parseRecord(line);
    return this.keep(record ? this.decoder.record(record) : this.decoder.text(line, "stdout"));
  }

  /** One line of the recorded stderr, fed after stdout (a recording does not keep the interleaving). */
  stderr(line: string): HarnessEvent[] {
    if (isBlank(line)) return [];
    return this.keep(this.decoder.text(line, "stderr"));
  }

  /** A line the reader could not hold (over its byte bound): reported, and the turn fails on it. */
  discarded(stream: "stdout" | "stderr", what: string): HarnessEvent[] {
    const message = `the recorded ${stream} has ${what}; that line was discarded and reading continued (HMUX_MAX_LINE_BYTES raises the bound)`;
    return this.keep([failureEvent(failure("native", message))]);
  }

  /** The recording ended: what the decoder still held, then the conclusion ending in `done`. */
  end(exitCode: number | null): HarnessEvent[] {
    invariant(!this.ended, "RecordedTurn.end is called once");
    this.ended = true;
    const pending = this.keep(this.decoder.end());
    const incompleteTurn = this.decoder.incompleteTurn();
    const { escalateQuestions = true, matchers } = this.options;
    const concluded = concludeTurn({
      events: this.lastAssistant ? [...this.significant, this.lastAssistant] : this.significant,
      exit: { code: exitCode, signal: null },
      escalateQuestions,
      stderrTail: this.stderrTail,
      ...(incompleteTurn !== undefined ? { incompleteTurn } : {}),
      ...(matchers ? { matchers } : {}),
    });
    return pending.length === 0 ? concluded : [...pending, ...concluded];
  }

  private keep(events: HarnessEvent[]): HarnessEvent[] {
    for (const e of events) {
      if (e.kind === "failure" || e.kind === "limit") this.significant.push(e);
      else if (e.kind === "message" && e.role === "assistant" && !e.thinking) this.lastAssistant = e;
      else if (e.kind === "raw" && e.stream === "stderr" && !isBlank(e.text)) {
        this.stderrTail.push(e.text);
        if (this.stderrTail.length > STDERR_TAIL_LINES) this.stderrTail.shift();
      }
    }
    return events;
  }
}
