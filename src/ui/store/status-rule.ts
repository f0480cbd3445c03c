/**
 * The status line's one rule: it says what the last key did, or nothing. A message belongs to
 * the key or event that set it; the person's next action replaces it (with its own message) or
 * clears it, and an announcement of work under way ("halting claude", "running the check") goes
 * as soon as the state it announced arrives. What nobody replaces still expires (FLASH_MS).
 */
import { isActive } from "./session-view.js";
import type { FlashSubject, UiState } from "./ui-state.js";

/** Whether the subject of an announcement moved on between `before` and `after`. */
function movedOn(about: FlashSubject, before: UiState, after: UiState): boolean {
  if ("race" in about) {
    const a = before.race;
    const b = after.race;
    if (b?.name !== about.race) return true;
    return a?.phase !== b.phase || a.busy !== b.busy || a.ended !== b.ended;
  }
  const view = after.sessions.get(about.sessionEnds);
  return view === undefined || !isActive(view);
}

/**
 * The status message after a step: a message the step set stays; an older one goes when the
 * step was the person's (`byPerson`) or when what it announced has happened.
 */
export function settleStatus(before: UiState, after: UiState, byPerson: boolean): UiState {
  const shown = after.flash;
  if (shown === null || shown !== before.flash) return after;
  if (byPerson || (shown.about !== undefined && movedOn(shown.about, before, after))) return { ...after, flash: null };
  return after;
}
