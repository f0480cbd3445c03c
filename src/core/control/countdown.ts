/**
 * The approval countdown's text and when it next changes. More than a minute away it moves in
 * whole minutes ("9 min": at least nine minutes remain); in the last minute in five-second steps
 * ("45 s": at least 45 s remain) until the last ten seconds, which it counts one by one. A TUI
 * waiting on a ten-minute deadline thus wakes about ten times, then nineteen in the last minute, not
 * six hundred times: each wake-up redraws the screen, and by the second a waiting approval alone
 * kept the TUI above half a percent of a core (npm run bench -- rss). Each text holds over a
 * half-open span of the time left, (k·step, (k+1)·step], so it changes exactly at `deadline - k·step`.
 */

const SECOND_MS = 1000;
const STEP_MS = 5000;
/** Below this much time left the countdown moves by the second. */
const LAST_SECONDS_MS = 10_000;
const MINUTE_MS = 60_000;

/** How far apart the texts are with `left` ms left (left > 0). */
function stepFor(left: number): number {
  return left > MINUTE_MS ? MINUTE_MS : left > LAST_SECONDS_MS ? STEP_MS : SECOND_MS;
}

/**
 * "9 min" while more than a minute is left, "45 s" in five-second steps down to the last ten
 * seconds, then each second ("7 s", rounded up), "0 s" once it has passed; null with no deadline.
 */
export function countdown(deadlineAt: number | null, now: number): string | null {
  if (deadlineAt === null) return null;
  const left = deadlineAt - now;
  if (left <= 0) return "0 s";
  const step = stepFor(left);
  if (step === MINUTE_MS) return `${Math.ceil(left / MINUTE_MS) - 1} min`;
  if (step === STEP_MS) return `${(Math.ceil(left / STEP_MS) - 1) * 5} s`;
  return `${Math.ceil(left / SECOND_MS)} s`;
}

/** The first instant after `now` at which `countdown` reads differently, or null once it reads "0 s" for good. */
export function countdownChangeAt(deadlineAt: number, now: number): number | null {
  const text = countdown(deadlineAt, now);
  let at = now;
  // Where two regimes meet the text may read the same across a step ("10 s" both sides): go on to the next.
  for (;;) {
    const left = deadlineAt - at;
    if (left <= 0) return null;
    const step = stepFor(left);
    at = deadlineAt - (Math.ceil(left / step) - 1) * step;
    if (countdown(deadlineAt, at) !== text) return at;
  }
}
