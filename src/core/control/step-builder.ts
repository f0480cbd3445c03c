/**
 * The working copy one step() builds: a state being rewritten and the effects in order. Local
 * mutation of a fresh copy keeps step() pure from the outside (the input state is never touched).
 */
import type { Census, ControlEffect, ControlState, PendingCallState, SettledCall } from "./machine-types.js";
import type { CommandOutcome, Decider, Decision, Lifecycle, SessionEvent } from "./types.js";

const TERMINAL: ReadonlySet<Lifecycle> = new Set(["closed", "failed"]);
export function isTerminal(lifecycle: Lifecycle): boolean {
  return TERMINAL.has(lifecycle);
}

export class StepBuilder {
  state: ControlState;
  readonly effects: ControlEffect[] = [];
  constructor(
    state: ControlState,
    readonly now: number,
  ) {
    this.state = state;
  }

  patch(change: Partial<ControlState>): void {
    this.state = { ...this.state, ...change };
  }

  emit(event: SessionEvent): void {
    this.effects.push({ type: "emit", event });
  }

  effect(effect: ControlEffect): void {
    this.effects.push(effect);
  }

  warn(code: string, message: string): void {
    this.emit({ kind: "warning", code, message });
  }

  /** Every change of lifecycle is a `state` event; closed and failed never change again. */
  moveTo(to: Lifecycle, reason?: string): void {
    const from = this.state.lifecycle;
    if (from === to || isTerminal(from)) return;
    this.patch({ lifecycle: to });
    this.emit(reason === undefined ? { kind: "state", from, to } : { kind: "state", from, to, reason });
  }

  /** running ⇄ awaiting-approval follows whether anything is pending. */
  settleTurnLifecycle(): void {
    const l = this.state.lifecycle;
    if (l !== "running" && l !== "awaiting-approval") return;
    if (this.state.pending.length > 0) this.moveTo("awaiting-approval", "a tool call waits for a decision");
    else this.moveTo("running", "no tool call is waiting");
  }

  result(id: string | null, outcome: CommandOutcome): void {
    this.emit({ kind: "command.result", id, outcome });
  }

  refuse(
    id: string | null,
    code: Extract<CommandOutcome, { result: "refused" }>["refused"]["code"],
    reason: string,
  ): CommandOutcome {
    const outcome: CommandOutcome = { result: "refused", refused: { code, reason } };
    this.result(id, outcome);
    return outcome;
  }

  addPending(call: PendingCallState): void {
    this.patch({ pending: [...this.state.pending, call] });
  }

  /** Moves a call from pending to settled. Returns false when it was not pending. */
  settle(callId: string, record: Omit<SettledCall, "call" | "digest">): boolean {
    const call = this.state.pending.find((c) => c.callId === callId);
    if (!call) return false;
    this.patch({
      pending: this.state.pending.filter((c) => c.callId !== callId),
      settled: this.state.settled.with(callId, { call, digest: call.digest, ...record }),
    });
    if (call.deadlineAt !== null) this.effect({ type: "clear-deadline", callId });
    return true;
  }

  count(verdict: Decision, decider: Decider): void {
    const c = this.state.census;
    const key = ({ allow: "allowed", deny: "denied", replace: "replaced", abstain: "abstained" } as const)[
      verdict.decision
    ];
    const census: Census = {
      ...c,
      [key]: c[key] + 1,
      byDecider: { ...c.byDecider, [decider]: (c.byDecider[decider] ?? 0) + 1 },
    };
    this.patch({ census });
  }
}
