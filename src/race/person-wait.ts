/**
 * How long a contestant's turn stood waiting for a person: from each call hmux held for a decision
 * (`approval-request`) until it was decided or withdrawn. In a TUI race a person answers the panes
 * one after another, so a turn's wall time would rank the order they were answered in; the
 * scorecard leaves this time out of the wall time and shows it apart. A pure fold over the control
 * machine's timeline, on the server: a wait starts when the machine opened the call (its
 * `openedAt`, never later than the request was emitted) and ends when the decision (or the call's
 * withdrawal) was emitted; the caller hands in when each event was emitted.
 */
import type { SessionEvent } from "../core/control/types.js";

export interface PersonWait {
  /** Held calls not decided yet, with when each started waiting. */
  readonly open: ReadonlyArray<{ readonly callId: string; readonly since: number }>;
  /** Time with at least one call waiting, closed spans only. */
  readonly waitedMs: number;
  /** When the current span (some call waiting) began, or null when none is. */
  readonly spanSince: number | null;
}

export const NO_WAIT: PersonWait = { open: [], waitedMs: 0, spanSince: null };

export function personWaitEvent(w: PersonWait, event: SessionEvent, now: number): PersonWait {
  if (event.kind === "approval-request") {
    if (w.open.some((c) => c.callId === event.call.callId)) return w;
    const since = Math.min(now, event.call.openedAt);
    return {
      open: [...w.open, { callId: event.call.callId, since }],
      waitedMs: w.waitedMs,
      spanSince: w.spanSince ?? since,
    };
  }
  const settledId = event.kind === "approval-disposition" || event.kind === "approval-cleared" ? event.callId : null;
  if (settledId === null || !w.open.some((c) => c.callId === settledId)) return w;
  const open = w.open.filter((c) => c.callId !== settledId);
  // Overlapping waits count once: the span ends when the last waiting call is settled.
  if (open.length > 0) return { ...w, open };
  return { open, waitedMs: w.waitedMs + Math.max(0, now - (w.spanSince ?? now)), spanSince: null };
}

/** The time waited up to `now`, a span still open included. */
export function waitedBy(w: PersonWait, now: number): number {
  return w.waitedMs + (w.spanSince === null ? 0 : Math.max(0, now - w.spanSince));
}
