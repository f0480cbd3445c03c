/**
 * Tool-call control of one session: opens pending calls, applies policy and hmux's own
 * deadline, delivers each decision to the harness exactly once, and answers every
 * metaharness command with exactly one command.result.
 */
import type { CommandOutcome, Decider, Decision, Lifecycle, PendingCall, SessionEvent } from "../control/types.js";
import type { Clock } from "./ports.js";
import { delivers, type ApprovalAsk } from "./session-bridge.js";
import { abandonDecision, CallBook, deadlineReason, hmuxDeadlineMs, type ClosedReason } from "./session-calls.js";
import type { Command } from "./session-commands.js";
import type { SessionPlan } from "./session-types.js";

export interface ControlHost {
  emit(event: SessionEvent): void;
  write(lines: readonly string[]): Promise<boolean>;
  turnOpen(): boolean;
  setLifecycle(to: Lifecycle, reason?: string): void;
  halt(): void;
}

type Delivered = Exclude<Decision, { decision: "abstain" }>;

const HEADLESS_DENY = "nobody can answer this call in a headless session and no policy allows it, so hmux denies it; the call did not run";
const ABSTAIN_DENY = "the decider abstained and this channel has no native check to fall back on, so hmux fails closed; the call did not run";

export class SessionControl {
  private readonly book = new CallBook();
  private readonly timers = new Map<string, unknown>();
  private readonly budgetMs: number;
  private readonly harnessTimeoutMs: number | null;

  constructor(private readonly plan: SessionPlan, private readonly clock: Clock, private readonly host: ControlHost) {
    this.harnessTimeoutMs = plan.bridge.capabilities.harnessDecisionTimeoutMs;
    this.budgetMs = hmuxDeadlineMs(this.harnessTimeoutMs, plan.decisionBudgetMs);
  }

  pending(): readonly PendingCall[] {
    return this.book.pending();
  }

  /** The harness asks: open the call, then let policy or the mode decide, or arm the deadline. */
  ask(ask: ApprovalAsk): void {
    const opened = this.book.openCall(ask, this.clock.now(), this.plan.approvals === "ask" ? this.budgetMs : null);
    if (opened.kind === "duplicate") return;
    if (opened.kind === "mutated") {
      // The harness re-used an id with different input: the new ask is refused, never merged.
      void this.host.write(this.plan.bridge.encodeDecision(ask.callId, { decision: "deny", reason: "this call id was already presented with a different input" }));
      this.host.emit({ kind: "warning", code: "REQUEST_MUTATED", message: `${ask.callId} was presented again with a different input and was denied` });
      return;
    }
    const call = opened.call;
    this.host.emit({ kind: "approval-request", call });
    this.host.setLifecycle("awaiting-approval");
    const verdict = this.plan.policy?.(call) ?? null;
    if (verdict) return void this.deliver(call, verdict, "policy");
    if (this.plan.approvals === "deny") return void this.deliver(call, { decision: "deny", reason: HEADLESS_DENY }, "policy");
    if (this.plan.approvals === "allow") return void this.deliver(call, { decision: "allow" }, "observe");
    if (call.deadlineAt !== null) {
      const timer = this.clock.setTimeout(() => {
        if (this.book.get(call.callId)) void this.deliver(call, { decision: "deny", reason: deadlineReason(this.budgetMs, this.harnessTimeoutMs) }, "deadline");
      }, Math.max(0, call.deadlineAt - this.clock.now()));
      this.timers.set(call.callId, timer);
    }
  }

  /** The harness resolved the call itself (it will not read a decision any more). */
  withdrawn(callId: string): void {
    if (this.book.get(callId)) this.clear(callId, "native-resolved");
  }

  /** The window closed under the calls (turn end, process end): they can no longer be decided. */
  closeWindow(reason: Extract<ClosedReason, "turn-ended" | "process-ended" | "channel-failed">): void {
    for (const call of this.book.pending()) this.clear(call.callId, reason);
  }

  /** Every pending call is denied, with why, before an interrupt or halt is delivered. */
  abandonAll(why: "interrupt" | "halt" | "close"): void {
    for (const call of this.book.pending()) {
      void this.deliver(call, abandonDecision(why) as Delivered, "hmux");
      this.host.emit({ kind: "warning", code: "PENDING_CALL_ABANDONED", message: `${call.callId} was never decided before the ${why}` });
    }
  }

  async command(command: Command, decider: Decider, sessionEnded: boolean): Promise<CommandOutcome> {
    const outcome = await this.outcomeOf(command, decider, sessionEnded);
    this.host.emit({ kind: "command.result", id: command.id, outcome });
    return outcome;
  }

  private async outcomeOf(command: Command, decider: Decider, sessionEnded: boolean): Promise<CommandOutcome> {
    const caps = this.plan.bridge.capabilities;
    const bridge = this.plan.bridge;
    switch (command.command) {
      case "tool.decide": {
        const found = this.book.decide(command.callId);
        if (!found.ok) return refused(found.code, found.reason);
        let decision = command.decision;
        if (decision.decision === "replace" && !delivers(caps, "tool.decide/replace")) {
          return refused("UNSUPPORTED_CONTROL", `the ${caps.harness} session channel cannot deliver replace (it cannot run a different input); the call stays pending: answer allow or deny`);
        }
        if (decision.decision === "abstain") decision = { decision: "deny", reason: ABSTAIN_DENY };
        const sent = await this.deliver(found.call, decision, decider);
        return sent ? { result: "ok", call_id: command.callId } : refused("TOO_LATE", `the decision for ${command.callId} could not be written: the harness's stdin is closed`);
      }
      case "interrupt": {
        if (sessionEnded) return refused("TOO_LATE", "the session has ended");
        const lines = bridge.encodeInterrupt();
        if (lines === null) return refused("UNSUPPORTED_CONTROL", `the ${caps.harness} session channel cannot interrupt a turn and keep the session; use halt`);
        if (!this.host.turnOpen()) return { result: "ok", applied: false, note: "no turn was running" };
        this.abandonAll("interrupt");
        await this.host.write(lines);
        return { result: "ok", applied: true };
      }
      case "halt": {
        if (sessionEnded) return refused("TOO_LATE", "the session has ended");
        this.abandonAll("halt");
        this.host.halt();
        return { result: "ok" };
      }
      case "steer": {
        const lines = bridge.encodeSteer(command.text);
        if (lines === null) return refused("UNSUPPORTED_CONTROL", `the ${caps.harness} session channel has no mid-turn steer`);
        if (sessionEnded || !this.host.turnOpen()) return refused("TOO_LATE", "no turn is running to steer; send a message instead");
        return (await this.host.write(lines)) ? { result: "ok" } : refused("TOO_LATE", "the harness's stdin is closed");
      }
      case "permission.set": {
        const lines = bridge.encodePermission(command.posture);
        if (lines === null) return refused("UNSUPPORTED_CONTROL", `the ${caps.harness} session channel cannot change the permission posture`);
        if (sessionEnded) return refused("TOO_LATE", "the session has ended");
        return (await this.host.write(lines)) ? { result: "ok", posture: command.posture } : refused("TOO_LATE", "the harness's stdin is closed");
      }
      case "message.inject":
      case "frame.set":
        return refused("UNSUPPORTED_CONTROL", `hmux does not deliver ${command.command} on the ${caps.harness} session channel`);
    }
  }

  /** Writes one decision, exactly once, and reports it. Returns whether the harness got it. */
  private async deliver(call: PendingCall, decision: Delivered, decider: Decider): Promise<boolean> {
    if (!this.book.get(call.callId)) return false;
    this.book.close(call.callId, "decided", decider);
    this.stopTimer(call.callId);
    const ok = await this.host.write(this.plan.bridge.encodeDecision(call.callId, decision));
    this.host.emit({
      kind: "approval-disposition", callId: call.callId, decision, decider, status: ok ? "sent" : "rejected",
      ...(ok ? {} : { reason: "the harness's stdin is closed; the call cannot run without this answer" }),
    });
    this.host.emit({ kind: "approval-cleared", callId: call.callId, reason: "decided" });
    this.afterClear();
    return ok;
  }

  private clear(callId: string, reason: ClosedReason): void {
    this.book.close(callId, reason);
    this.stopTimer(callId);
    this.host.emit({ kind: "approval-cleared", callId, reason: reason === "decided" ? "decided" : reason });
    this.afterClear();
  }

  private afterClear(): void {
    if (this.book.pending().length === 0 && this.host.turnOpen()) this.host.setLifecycle("running");
  }

  private stopTimer(callId: string): void {
    const t = this.timers.get(callId);
    if (t !== undefined) this.clock.clearTimeout(t);
    this.timers.delete(callId);
  }
}

function refused(code: Extract<CommandOutcome, { result: "refused" }>["refused"]["code"], reason: string): CommandOutcome {
  return { result: "refused", refused: { code, reason } };
}
