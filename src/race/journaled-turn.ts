/**
 * A contestant's first turn as its session's journal tells it, for a race whose server stopped
 * before scoring it: the same folds a live race makes over the same events (tally.ts,
 * person-wait.ts), each event at the time its journal record was written, which is when the
 * session emitted it. A turn the journal never sees end — its server died mid-turn, or a resume
 * started the session again first — was cut: it is scored as a crash that says so, not as running.
 */
import type { SessionEvent } from "../core/control/types.js";
import { NO_WAIT, type PersonWait, personWaitEvent, waitedBy } from "./person-wait.js";
import { EMPTY_TALLY, type Tally, tallyEvent } from "./tally.js";

export interface JournaledEvent {
  readonly event: SessionEvent;
  /** When it was emitted, epoch ms. */
  readonly at: number;
}

export interface JournaledTurn {
  readonly tally: Tally;
  readonly wait: PersonWait;
  /** The turn's wall time less its wait for a person, up to its end (or its last event, when cut). */
  readonly wallMs: number;
  readonly cut: boolean;
}

export const CUT_TURN_MESSAGE = "its first turn was cut when the hmux server running it stopped";

export function journaledFirstTurn(events: readonly JournaledEvent[]): JournaledTurn {
  let tally = EMPTY_TALLY;
  let wait = NO_WAIT;
  let startedAt: number | null = null;
  let lastAt: number | null = null;
  let starts = 0;
  for (const { event, at } of events) {
    // A second start is a resume: whatever follows is not the first turn's.
    if (event.kind === "session" && ++starts > 1) break;
    startedAt ??= at;
    lastAt = at;
    tally = tallyEvent(tally, event);
    wait = personWaitEvent(wait, event, at);
    if (tally.done !== null)
      return { tally, wait, wallMs: Math.max(0, at - startedAt - waitedBy(wait, at)), cut: false };
  }
  const end = lastAt ?? 0;
  return {
    tally: {
      ...tally,
      done: { cause: "crash", exitCode: null, failure: { class: "unavailable", message: CUT_TURN_MESSAGE } },
    },
    wait,
    wallMs: Math.max(0, end - (startedAt ?? end) - waitedBy(wait, end)),
    cut: true,
  };
}
