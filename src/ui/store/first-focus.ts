/**
 * Where focus starts. Sessions open focused one after another, so on a first screen focus would
 * sit on whichever opened last while the rail points at another pane that asks something. Until
 * the person has pressed a key, focus is on the pane whose request has waited longest (the one the
 * rail names, even when its request reached the TUI after another's); from their first key on,
 * only they move it.
 */
import { longestWaiting, type SessionView } from "./session-view.js";
import { focusedView, type UiState } from "./ui-state.js";

function asks(view: SessionView | undefined): boolean {
  return view !== undefined && (view.approvals.length > 0 || view.question !== null);
}

export function followFirstRequest(state: UiState): UiState {
  if (state.acted) return state;
  const shown = state.panes.flatMap((k) => state.sessions.get(k) ?? []);
  const first = longestWaiting(shown.filter(asks));
  if (!first || first === focusedView(state)) return state;
  return { ...state, focus: state.panes.indexOf(first.key) };
}
