import type { MatcherSet } from "./classify.js";
import type { HarnessEvent } from "./events.js";
import type { TurnOptions } from "./options/types.js";

export type JsonObject = { readonly [key: string]: unknown };

/**
 * Turns one harness's native stream into HarnessEvents. Stateful per turn (or per session),
 * pure otherwise: no I/O, no clock. The execution layer splits lines and parses JSON once.
 */
export interface StreamDecoder {
  /** One stdout line that parsed as a JSON object. */
  record(record: JsonObject): HarnessEvent[];
  /** One line that is not a JSON object: any stderr line, or a non-JSON stdout line. */
  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[];
  /** The stream ended; emit whatever was pending. Never emits `done`. */
  end(): HarnessEvent[];
  /**
   * Why the stream read so far is not a complete one-shot turn (the record that ends a turn
   * never arrived), or undefined when it is complete. A turn is open from the start: an empty
   * stream, or one of junk with no record, is incomplete like one cut short. Required, so every
   * harness decides it. Read once, after end(), by whoever concludes the turn.
   */
  incompleteTurn(): string | undefined;
  /**
   * Optional. Set once the stream shows the harness will not end the turn by itself (codex
   * reconnecting forever with no network): the runner then stops the process. The decoder has
   * already emitted the failure that explains it; the text says why, for logs.
   */
  giveUp?(): string | undefined;
}

export interface DecoderContext {
  /** The id hmux asked the harness to use or resume, when it did. */
  readonly requestedSessionId?: string;
  readonly resumeLast?: boolean;
  /** Native → canonical tool names that override the decoder's defaults (descriptor toolMap). */
  readonly toolNames?: Readonly<Record<string, string>>;
  /** Limit/auth/transport wording extras (descriptor or config), placed before the decoder's own. */
  readonly matchers?: Partial<MatcherSet>;
  /**
   * The turn options the launch plan asked of the harness, so a notice saying it runs otherwise
   * (its sandbox set up differently) is reported as a divergence. Absent: nothing is known to be asked.
   */
  readonly asked?: TurnOptions;
}
