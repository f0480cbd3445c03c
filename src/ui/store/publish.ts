/**
 * The state React draws. The focused pane always shows its session as it is; a background
 * pane keeps the view it last drew until the next catch-up, so eight streaming sessions
 * cost one pane's redraws between catch-ups, not eight.
 */
import type { SessionView } from "./session-view.js";
import { focusedKey, type UiState } from "./ui-state.js";

export interface Published {
  readonly frame: UiState;
  /** Some background pane shows an older view than the live state has. */
  readonly lagging: boolean;
}

export function publish(previous: UiState | null, live: UiState, catchUp: boolean): Published {
  if (previous === null || catchUp) return { frame: live, lagging: false };
  const focused = focusedKey(live);
  let sessions: Map<string, SessionView> | null = null;
  for (const [key, view] of live.sessions) {
    if (key === focused) continue;
    const shown = previous.sessions.get(key);
    if (shown === undefined || shown === view) continue;
    sessions ??= new Map(live.sessions);
    sessions.set(key, shown);
  }
  return sessions ? { frame: { ...live, sessions }, lagging: true } : { frame: live, lagging: false };
}
