/**
 * The per-session control machine: step(state, input, now) → { state, effects }. Pure: no I/O,
 * no timers; deadlines are numbers and the runtime feeds `now`. Guarantees (each a property
 * test in test/unit/control/machine-properties.test.ts):
 *   - every pending call is answered at most once per request, and settled exactly once;
 *   - no answer is delivered for a call that was not requested;
 *   - before an interrupt, halt or close reaches the harness, every pending call is denied with why;
 *   - every command gets exactly one command.result;
 *   - every lifecycle change is a `state` event; closed and failed are terminal.
 */
import { Book } from "./book.js";
import { channelCapabilities } from "./capabilities.js";
import { abandonPending, clearAllPending, denyNow, expireDeadlines, openCall, preToolCheck } from "./machine-calls.js";
import { commandLine, commandValue } from "./machine-commands.js";
import { Draft, isTerminal } from "./machine-draft.js";
import type { ControlConfig, ControlInput, ControlState, StepResult } from "./machine-types.js";

export function initialState(config: ControlConfig): ControlState {
  return {
    config,
    lifecycle: "starting",
    turn: null,
    turnsStarted: 0,
    pending: [],
    settled: Book.empty(),
    frame: { inForce: config.frame ?? null, staged: null },
    posture: config.posture ?? null,
    mode: config.mode,
    census: { allowed: 0, denied: 0, replaced: 0, abstained: 0, byDecider: {} },
    answered: Book.empty(),
    queuedInjections: [],
    warnedOnce: [],
  };
}

export function step(state: ControlState, input: ControlInput, now: number): StepResult {
  const d = new Draft(state, now);
  if (!isTerminal(state.lifecycle)) expireDeadlines(d);
  apply(d, input);
  return { state: d.state, effects: d.effects };
}

/** Runs a sequence of inputs (tests, journal replay). */
export function run(
  state: ControlState,
  inputs: readonly { readonly input: ControlInput; readonly now: number }[],
): StepResult {
  let current = state;
  const effects: StepResult["effects"][number][] = [];
  for (const { input, now } of inputs) {
    const r = step(current, input, now);
    current = r.state;
    effects.push(...r.effects);
  }
  return { state: current, effects };
}

function apply(d: Draft, input: ControlInput): void {
  // Commands are answered even on a closed session (TOO_LATE); harness facts after the end are ignored.
  if (input.type === "command-line") return commandLine(d, input.line, input.decider);
  if (input.type === "command-value") return commandValue(d, input.value, input.decider);
  // Answered even after the end: the harness blocks on it, and a closed session admits nothing.
  if (input.type === "pre-tool-check") return preToolCheck(d, input.call);
  if (isTerminal(d.state.lifecycle)) {
    if (input.type === "tool-call-requested")
      d.warn(
        "CALL_AFTER_CLOSE",
        `${input.call.callId} arrived after the session ${d.state.lifecycle}; nothing can answer it`,
      );
    return;
  }
  switch (input.type) {
    case "ready":
      if (d.state.lifecycle === "starting") d.moveTo("idle", "the harness is ready");
      return;
    case "turn-started":
      return turnStarted(d, input.turnId);
    case "turn-ended":
      return turnEnded(d, input.awaitingInput === true);
    case "tool-call-requested":
      return openCall(d, input.call);
    case "call-cleared":
      if (d.settle(input.callId, { outcome: "cleared", why: input.reason })) {
        d.emit({ kind: "approval-cleared", callId: input.callId, reason: input.reason });
        d.settleTurnLifecycle();
      }
      return;
    case "delivery-failed":
      return deliveryFailed(d, input.callId, input.reason);
    case "tick":
      return;
    case "decider-gone":
      for (const call of [...d.state.pending]) {
        denyNow(
          d,
          call.callId,
          `nobody is left to decide this call (${input.reason}), so hmux denies it rather than let it wait; the call did not run`,
          "hmux",
          "decider-gone",
        );
      }
      return;
    case "close-requested":
      abandonPending(d, "closed", input.reason);
      d.moveTo("closing", input.reason);
      return;
    case "process-exited":
      clearAllPending(d, "process-ended", true);
      d.patch({ turn: null });
      d.moveTo(
        input.failure || input.cause === "failed" || input.cause === "crash" ? "failed" : "closed",
        `the process exited (${input.cause})`,
      );
      d.emit({
        kind: "closed",
        exitCode: input.exitCode,
        cause: input.cause,
        ...(input.failure ? { failure: input.failure } : {}),
      });
      return;
  }
}

function turnStarted(d: Draft, turnId: string): void {
  const { staged } = d.state.frame;
  d.patch({ turn: { id: turnId, startedAt: d.now }, turnsStarted: d.state.turnsStarted + 1 });
  if (staged) d.patch({ frame: { inForce: staged, staged: null } });
  if (d.state.lifecycle !== "closing")
    d.moveTo(d.state.pending.length > 0 ? "awaiting-approval" : "running", `turn ${turnId} started`);
}

function turnEnded(d: Draft, awaitingInput: boolean): void {
  // A call the turn ended on is no longer waited for: cleared (TOO_LATE afterwards), said so.
  clearAllPending(d, "turn-ended", true);
  d.patch({ turn: null });
  if (d.state.lifecycle === "closing") return;
  d.moveTo(
    awaitingInput ? "awaiting-input" : "idle",
    awaitingInput ? "the turn ended on a question" : "the turn ended",
  );
  const queued = d.state.queuedInjections;
  if (queued.length > 0) {
    d.patch({ queuedInjections: [] });
    for (const text of queued) d.effect({ type: "deliver-message", mode: "inject", text });
  }
}

function deliveryFailed(d: Draft, callId: string, reason: string): void {
  const settled = d.state.settled.get(callId);
  d.warn(
    "DELIVERY_FAILED",
    `${callId}: the answer could not be written to ${channelCapabilities(d.state.config.channel).harness} (${reason})`,
  );
  if (settled?.decision && settled.decider) {
    d.emit({
      kind: "approval-disposition",
      callId,
      decision: settled.decision,
      decider: settled.decider,
      status: "rejected",
      reason,
    });
  }
}
