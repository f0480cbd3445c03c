/**
 * How fast the TUI's one timer must run for the state on screen, or null when nothing on screen
 * moves. The store owns that single timer (app-store.ts): spinners, approval countdowns, flash
 * expiry and the commit cadence all ride on it, so the process wakes up at most once per period
 * however many things animate, and not at all when nothing does (an idle TUI costs nothing).
 */
import { focusedView, hasDeadline, type UiState } from "./ui-state.js";

/** Countdowns and flash expiry change once a second; waking faster would redraw nothing new. */
export const SLOW_TICK_MS = 1000;

/** The focused session's spinner turns while it starts or runs a turn (the only pane that animates). */
export function spinning(state: UiState): boolean {
  const focused = focusedView(state);
  return focused !== undefined && (focused.lifecycle === "running" || focused.lifecycle === "starting");
}

/**
 * `pending`: session output folded into the live state but not yet drawn (or a background pane
 * still lagging it), which the next commit publishes.
 */
export function tickDemand(state: UiState, pending: boolean, commitMs: number): number | null {
  if (pending || spinning(state)) return commitMs;
  if (hasDeadline(state) || state.flash !== null) return SLOW_TICK_MS;
  return null;
}
