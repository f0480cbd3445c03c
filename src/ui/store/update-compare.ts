/** Opening settings side by side: which sessions get a column. */
import { flash } from "./step.js";
import type { UiState } from "./ui-state.js";

/**
 * The panes marked for a broadcast when two or more are (the ones about to get the same prompt),
 * else every pane on screen, in session order.
 */
export function compareSettings(state: UiState, now: number): UiState {
  const marked = state.broadcast?.marked ?? [];
  const keys = (marked.length >= 2 ? marked : state.panes).filter((k) => state.sessions.has(k));
  if (keys.length === 0) return flash(state, now, "no panes to compare", "info");
  const order = [...state.sessions.keys()];
  const sorted = [...keys].sort((a, b) => order.indexOf(a) - order.indexOf(b));
  return { ...state, overlay: { kind: "settings", keys: sorted } };
}
