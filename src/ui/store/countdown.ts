/**
 * The approval countdown's text and when it next changes. More than a minute away it moves in
 * whole minutes ("9 min": at least nine minutes remain), in the last minute by the second, so a
 * TUI waiting on a ten-minute deadline wakes about ten times plus sixty, not six hundred times.
 * Each text holds over a half-open span of the time left, (k·step, (k+1)·step], so it changes
 * exactly at `deadline - k·step` and is never wrong by more than one step.
 */

const SECOND_MS = 1000;
const MINUTE_MS = 60_000;

/** "9 min" while more than a minute is left, "42 s" in the last minute, "0 s" once it has passed; null with no deadline. */
export function countdown(deadlineAt: number | null, now: number): string | null {
  if (deadlineAt === null) return null;
  const left = deadlineAt - now;
  if (left > MINUTE_MS) return `${Math.ceil(left / MINUTE_MS) - 1} min`;
  return `${Math.max(0, Math.ceil(left / SECOND_MS))} s`;
}

/** The first instant after `now` at which `countdown` reads differently, or null once it reads "0 s" for good. */
export function countdownChangeAt(deadlineAt: number, now: number): number | null {
  const left = deadlineAt - now;
  if (left <= 0) return null;
  const step = left > MINUTE_MS ? MINUTE_MS : SECOND_MS;
  // The text changes when the time left reaches the next whole step strictly below it.
  return deadlineAt - (Math.ceil(left / step) - 1) * step;
}
