/**
 * When the TUI's one timer must next fire for the state on screen, or null when nothing on screen
 * moves. The store owns that single timer (app-store.ts): spinners, approval countdowns, flash
 * expiry and the commit cadence all ride on it, so the process wakes up at most once per period
 * however many things animate, and not at all when nothing does (an idle TUI costs nothing).
 */

import { countdown, countdownChangeAt } from "../../core/control/countdown.js";
import type { PaneLifecycle } from "./session-view.js";
import { FLASH_MS, focusedView, type UiState } from "./ui-state.js";

/** A period (the commit cadence) or one wake-up at an instant (the next change of a countdown or flash). */
export type Demand = { readonly every: number } | { readonly at: number };

/** A pane's badge shows a turning spinner in this state (while focused: no other pane animates). */
export function spinnerShows(lifecycle: PaneLifecycle): boolean {
  return lifecycle === "running";
}

/**
 * The focused session's spinner turns. Only while it is drawn: a tick that moved no spinner would
 * redraw the pane with nothing changed.
 */
export function spinning(state: UiState): boolean {
  const focused = focusedView(state);
  return focused !== undefined && spinnerShows(focused.lifecycle);
}

/** The first instant after `now` at which any approval countdown reads differently, or null. */
export function nextCountdownChange(state: UiState, now: number): number | null {
  let next: number | null = null;
  for (const view of state.sessions.values())
    for (const call of view.approvals) {
      if (call.deadlineAt === null) continue;
      const at = countdownChangeAt(call.deadlineAt, now);
      if (at !== null && (next === null || at < next)) next = at;
    }
  return next;
}

/** Whether every approval countdown reads the same at `a` as at `b` (they only ever count down). */
export function countdownsRead(state: UiState, a: number, b: number): boolean {
  for (const view of state.sessions.values())
    for (const call of view.approvals)
      if (call.deadlineAt !== null && countdown(call.deadlineAt, a) !== countdown(call.deadlineAt, b)) return false;
  return true;
}

/**
 * `pending`: session output folded into the live state but not yet drawn (or a background pane
 * still lagging it), which the next commit publishes.
 */
export function tickDemand(state: UiState, pending: boolean, commitMs: number, now: number): Demand | null {
  if (pending || spinning(state)) return { every: commitMs };
  const countdownAt = nextCountdownChange(state, now);
  // A flash goes once it is strictly older than FLASH_MS (clockTick).
  const flashAt = state.flash === null ? null : state.flash.at + FLASH_MS + 1;
  const at = countdownAt === null ? flashAt : flashAt === null ? countdownAt : Math.min(countdownAt, flashAt);
  return at === null ? null : { at };
}
