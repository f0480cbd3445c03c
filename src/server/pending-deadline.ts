/** The soonest deadline among a session's waiting calls, as a row of the server's table carries it. */
import type { PendingCall } from "../core/control/types.js";

/** `{ deadlineInMs }` from `now` to the soonest armed deadline, or nothing when no waiting call has one. */
export function deadlineIn(
  pending: readonly Pick<PendingCall, "deadlineAt">[],
  now: number,
): { deadlineInMs?: number } {
  const armed = pending.map((c) => c.deadlineAt).filter((at): at is number => at !== null);
  if (armed.length === 0) return {};
  return { deadlineInMs: Math.max(0, Math.min(...armed) - now) };
}
