/**
 * The UI's update function folded over messages, as the TUI's loop folds them: for tests that
 * drive the store with values alone (no Ink, no port) and look at the state and effects after.
 */
import type { Effect, Msg } from "../../src/ui/store/messages.js";
import type { UiState } from "../../src/ui/store/ui-state.js";
import { update } from "../../src/ui/store/update.js";

export interface Updated {
  readonly state: UiState;
  /** Every effect asked for, in order. */
  readonly effects: Effect[];
}

/** Each message at its own time (ms since the epoch). */
export function updateTimed(state: UiState, steps: readonly (readonly [Msg, number])[]): Updated {
  const effects: Effect[] = [];
  let s = state;
  for (const [msg, now] of steps) {
    const step = update(s, msg, now);
    s = step.state;
    effects.push(...step.effects);
  }
  return { state: s, effects };
}

/** Every message at the one time `now`. */
export function updateAt(now: number, state: UiState, ...msgs: Msg[]): Updated {
  return updateTimed(
    state,
    msgs.map((msg) => [msg, now]),
  );
}
