/**
 * Whose keys they are while a native pane is focused: typed into the pane, or hmux's own.
 * A native pane takes the keyboard when it opens focused; Ctrl-] hands it back, Enter (or the
 * chord again) takes it once more. Only the focused pane can hold it, so any move of focus
 * (a click, Alt+N, a new session, the pane closing) returns the keys to hmux.
 */
import { ESCAPE_CHORD_LABEL } from "../../native/keys.js";
import type { SessionInfo } from "../session-port.js";
import { flash } from "./step.js";
import { focusedKey, focusedView, type UiState } from "./ui-state.js";

export function nativeKeys(state: UiState, to: "pane" | "hmux", now: number): UiState {
  const key = focusedKey(state);
  const view = focusedView(state);
  if (key === undefined || !view?.info.native) return state;
  const label = view.info.label ?? view.info.harness;
  if (to === "hmux") {
    if (state.typingInto === null) return state;
    return flash({ ...state, typingInto: null }, now, `hmux keys on ${label}: Enter types into the pane again`, "info");
  }
  // A pane whose process has exited takes no more keys.
  if (state.typingInto === key || view.closed || view.lifecycle === "closed") return state;
  return flash(
    { ...state, typingInto: key },
    now,
    `typing into ${label}; ${ESCAPE_CHORD_LABEL} returns to hmux`,
    "info",
  );
}

/**
 * A native pane draws its terminal, not a transcript, so the notes its launch said (an untrusted
 * project's settings not taken, a binary fallback, …) are said on the status line as it opens;
 * its view keeps them too (launchNotes), as a session pane's does.
 */
export function sayLaunchNotes(state: UiState, info: SessionInfo, now: number): UiState {
  const notes = info.launchNotes ?? [];
  if (!info.native || notes.length === 0) return state;
  return flash(state, now, `${info.label ?? info.harness}: ${notes.join(" · ")}`, "warn");
}

/** A newly opened native pane that got the focus takes the keyboard. */
export function typeIntoOpened(state: UiState, key: string): UiState {
  const view = state.sessions.get(key);
  return view?.info.native && focusedKey(state) === key ? { ...state, typingInto: key } : state;
}

/** The keys go back to hmux once the pane they were typed into is no longer the focused one. */
export function keepTypingFocused(state: UiState): UiState {
  if (state.typingInto === null || focusedKey(state) === state.typingInto) return state;
  return { ...state, typingInto: null };
}
