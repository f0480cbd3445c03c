/** The result of one update, and the small state edits every update file shares. */
import type { Effect } from "./messages.js";
import type { Flash, FlashSubject, UiState } from "./ui-state.js";

export interface Step {
  readonly state: UiState;
  readonly effects: readonly Effect[];
}

const NONE: readonly Effect[] = Object.freeze([]);

export function only(state: UiState): Step {
  return { state, effects: NONE };
}

export function withEffects(state: UiState, ...effects: Effect[]): Step {
  return { state, effects };
}

export function flash(state: UiState, now: number, text: string, tone: Flash["tone"], hint?: Flash["hint"]): UiState {
  return { ...state, flash: { text, tone, at: now, ...(hint ? { hint } : {}) } };
}

/** A status message announcing work under way on `about`, superseded once its state moves on (status-rule.ts). */
export function announce(state: UiState, now: number, text: string, about: FlashSubject): UiState {
  return { ...state, flash: { text, tone: "info", at: now, about } };
}

/** The draft replaced from outside (cleared on send, pre-filled for an edit): the cursor goes to its end. */
export function setDraft(state: UiState, key: string, text: string): UiState {
  if ((state.drafts.get(key) ?? "") === text && !state.draftCursors.has(key)) return state;
  return setDraftAt(state, key, text, null);
}

/** The draft and its cursor (null: at the end). */
export function setDraftAt(state: UiState, key: string, text: string, cursor: number | null): UiState {
  const drafts = new Map(state.drafts);
  if (text === "") drafts.delete(key);
  else drafts.set(key, text);
  const draftCursors = new Map(state.draftCursors);
  if (cursor === null || cursor >= text.length) draftCursors.delete(key);
  else draftCursors.set(key, cursor);
  return { ...state, drafts, draftCursors };
}
