/** Focus, zoom, panes, overlays and scrollback: state changes with no port call. */
import { type Direction, MAX_PANES, neighbour } from "../layout/tile.js";
import { longestWaiting } from "./session-view.js";
import { flash } from "./step.js";
import { scrollAnchor } from "./transcript-window.js";
import {
  focusedKey,
  onePane,
  paneBody,
  paneRects,
  panesWith,
  sessionNumber,
  sessionOfNumber,
  type UiState,
} from "./ui-state.js";

export function focusIndex(state: UiState, index: number): UiState {
  if (index < 0 || index >= state.panes.length) return state;
  return { ...state, focus: index, compose: null };
}

/** Focuses the session numbered `n`; a closed pane of it opens again in its place. */
export function focusNumber(state: UiState, n: number): UiState {
  const key = sessionOfNumber(state, n);
  if (key === undefined) return state;
  const at = state.panes.indexOf(key);
  if (at >= 0) return focusIndex(state, at);
  if (state.panes.length >= MAX_PANES) return state;
  const panes = panesWith(state, key);
  return { ...state, panes, focus: panes.indexOf(key), compose: null };
}

/** Jumps to the session whose request has waited longest (the one the rail names). */
export function focusAttention(state: UiState, now: number): UiState {
  const view = longestWaiting(state.sessions.values());
  if (!view) return flash(state, now, "nothing is waiting for you", "info");
  return focusNumber(state, sessionNumber(state, view.key));
}

export function focusDirection(state: UiState, direction: Direction): UiState {
  if (state.zoom) return state;
  // One pane at a time on a narrow terminal: left and right switch to the pane before or after.
  if (onePane(state))
    return direction === "left" || direction === "right" ? focusStep(state, direction === "left" ? -1 : 1) : state;
  return focusIndex(state, neighbour(paneRects(state), state.focus, direction));
}

export function focusStep(state: UiState, delta: 1 | -1): UiState {
  const n = Math.max(1, state.panes.length);
  return focusIndex(state, (state.focus + delta + n) % n);
}

/** The focused pane's harness notices open or fold; a pane without any says so. */
export function toggleNotices(state: UiState, now: number): UiState {
  const key = focusedKey(state);
  const view = key === undefined ? undefined : state.sessions.get(key);
  if (key === undefined || !view) return state;
  const open = new Set(state.noticesOpen);
  if (open.delete(key)) return { ...state, noticesOpen: open };
  if (view.notices.length === 0) return flash(state, now, "this pane has no harness notices", "info");
  return { ...state, noticesOpen: open.add(key) };
}

export function toggleZoom(state: UiState): UiState {
  if (state.panes.length === 0) return state;
  return { ...state, zoom: !state.zoom };
}

/** Removes the focused pane; its session keeps running and stays on the rail. */
export function closePane(state: UiState, now: number): UiState {
  const key = focusedKey(state);
  if (key === undefined) return state;
  const panes = state.panes.filter((_, i) => i !== state.focus);
  const closed: UiState = {
    ...state,
    panes,
    focus: Math.max(0, Math.min(state.focus, panes.length - 1)),
    zoom: panes.length === 0 ? false : state.zoom,
    compose: null,
  };
  const harness = state.sessions.get(key)?.info.harness ?? "session";
  return flash(closed, now, `pane closed; ${harness} keeps running`, "info", {
    command: "pane.reopen",
    does: "reopens",
  });
}

/** Brings back a closed session's pane, in its place among the panes (numbers belong to sessions). */
export function reopenPane(state: UiState, now: number): UiState {
  if (state.panes.length >= MAX_PANES) return flash(state, now, "nine panes are open", "warn");
  const hidden = [...state.sessions.keys()].find((k) => !state.panes.includes(k));
  if (!hidden) return flash(state, now, "no closed panes", "info");
  const panes = panesWith(state, hidden);
  return { ...state, panes, focus: panes.indexOf(hidden) };
}

export function toggleApprovalFull(state: UiState): UiState {
  return { ...state, overlay: state.overlay?.kind === "approval-full" ? null : { kind: "approval-full" } };
}

/**
 * Scrolls pane `index` by `rows` (negative: into history). Reaching the bottom resumes
 * following; anywhere else the pane stays anchored while output arrives.
 */
export function scrollRows(state: UiState, index: number, rows: number): UiState {
  const key = state.panes[index];
  const view = key === undefined ? undefined : state.sessions.get(key);
  const body = paneBody(state, index);
  if (key === undefined || !view || !body) return state;
  const next = scrollAnchor(view.entries, body.width, body.height, state.anchors.get(key) ?? null, rows);
  const anchors = new Map(state.anchors);
  if (next) anchors.set(key, next);
  else anchors.delete(key);
  return { ...state, anchors };
}

/** Scrolls the focused pane by pages (PgUp/PgDn). */
export function scrollPages(state: UiState, pages: number): UiState {
  const body = paneBody(state, state.focus);
  if (!body) return state;
  return scrollRows(state, state.focus, pages * Math.max(1, body.height - 1));
}

export function resize(state: UiState, columns: number, rows: number): UiState {
  if (columns === state.columns && rows === state.rows) return state;
  return { ...state, columns, rows };
}
