/**
 * The book of tool calls a session holds open: who may still decide, and what a late or
 * unknown decision is told. Pure: the runtime passes the time in.
 */
import type { Decider, Decision, PendingCall, RefusalCode } from "../control/types.js";
import type { ApprovalAsk } from "./session-bridge.js";

/** Used when the harness waits forever and the caller set no budget. */
export const DEFAULT_DECISION_BUDGET_MS = 55_000;

/**
 * hmux's own deadline is strictly below the harness's, so an expiry is always hmux's deny
 * and never a race with the harness's own timeout.
 */
export function hmuxDeadlineMs(harnessTimeoutMs: number | null, requestedMs: number = DEFAULT_DECISION_BUDGET_MS): number {
  const requested = Math.max(1, Math.floor(requestedMs));
  if (harnessTimeoutMs === null) return requested;
  const below = harnessTimeoutMs > 5000 ? harnessTimeoutMs - 5000 : Math.floor(harnessTimeoutMs / 2);
  return Math.max(0, Math.min(requested, below, harnessTimeoutMs - 1));
}

export function deadlineReason(budgetMs: number, harnessTimeoutMs: number | null): string {
  const harness = harnessTimeoutMs === null ? "the harness's own wait, which has no limit" : `the harness's ${harnessTimeoutMs}ms timeout`;
  return `hmux's own ${budgetMs}ms decision deadline expired before an answer arrived; it is strictly less than ${harness}, so the refusal is hmux's and not an ambiguity`;
}

export type ClosedReason = "decided" | "turn-ended" | "process-ended" | "channel-failed" | "native-resolved";

export type DecideResult =
  | { readonly ok: true; readonly call: PendingCall }
  | { readonly ok: false; readonly code: Extract<RefusalCode, "UNKNOWN_CALL" | "TOO_LATE">; readonly reason: string };

export type OpenResult =
  | { readonly kind: "opened"; readonly call: PendingCall }
  /** Same id, same input, still pending: recorded twice, decided once. */
  | { readonly kind: "duplicate"; readonly call: PendingCall }
  /** Same id presented again with a different input: never carried over. */
  | { readonly kind: "mutated"; readonly previous: PendingCall };

interface ClosedCall { readonly call: PendingCall; readonly reason: ClosedReason; readonly decider?: Decider }

export class CallBook {
  private readonly open = new Map<string, PendingCall>();
  private readonly closedCalls = new Map<string, ClosedCall>();

  pending(): readonly PendingCall[] {
    return [...this.open.values()];
  }

  get(callId: string): PendingCall | undefined {
    return this.open.get(callId);
  }

  openCall(ask: ApprovalAsk, now: number, budgetMs: number | null): OpenResult {
    const existing = this.open.get(ask.callId);
    if (existing) {
      return sameInput(existing.input, ask.input) ? { kind: "duplicate", call: existing } : { kind: "mutated", previous: existing };
    }
    const call: PendingCall = {
      callId: ask.callId,
      tool: ask.tool,
      ...(ask.canonical !== undefined ? { canonical: ask.canonical } : {}),
      input: ask.input,
      openedAt: now,
      deadlineAt: budgetMs === null ? null : now + budgetMs,
    };
    this.open.set(call.callId, call);
    return { kind: "opened", call };
  }

  /** Takes the decision if the call is still open; otherwise says why it cannot. */
  decide(callId: string): DecideResult {
    const call = this.open.get(callId);
    if (call) return { ok: true, call };
    const closed = this.closedCalls.get(callId);
    if (closed) {
      const why = closed.reason === "decided" ? `it was already decided${closed.decider ? ` by ${closed.decider}` : ""}` : `its window closed (${closed.reason})`;
      return { ok: false, code: "TOO_LATE", reason: `${callId} ${why}; a decision cannot be replayed` };
    }
    return { ok: false, code: "UNKNOWN_CALL", reason: `no call ${callId} was opened in this session` };
  }

  close(callId: string, reason: ClosedReason, decider?: Decider): PendingCall | undefined {
    const call = this.open.get(callId);
    if (!call) return undefined;
    this.open.delete(callId);
    this.closedCalls.set(callId, { call, reason, ...(decider ? { decider } : {}) });
    return call;
  }

  /** Calls whose deadline has passed at `now`, oldest first. */
  expired(now: number): readonly PendingCall[] {
    return this.pending().filter((c) => c.deadlineAt !== null && c.deadlineAt <= now).sort((a, b) => a.openedAt - b.openedAt);
  }
}

function sameInput(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The decision hmux writes for every pending call before an interrupt or halt reaches the harness. */
export function abandonDecision(why: "interrupt" | "halt" | "close"): Decision {
  const what = why === "interrupt" ? "the session was interrupted" : why === "halt" ? "the session was halted" : "the session was closed";
  return { decision: "deny", reason: `${what} before this call was decided, so nothing ran` };
}
