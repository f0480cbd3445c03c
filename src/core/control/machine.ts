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
import { AppendOnlyMap } from "./append-only-map.js";
import { clearAllPending, denyNow, expireDeadlines, openCall, preToolCheck } from "./machine-calls.js";
import { commandLine, commandValue } from "./machine-commands.js";
import {
  answer,
  closeRequested,
  fatal,
  harnessEvent,
  harnessGone,
  harnessReady,
  nextTurn,
  send,
  sendWritten,
  stalled,
  turnEnded,
  turnFinished,
  turnStarted,
} from "./machine-turns.js";
import type { ControlConfig, ControlInput, ControlState, StepResult } from "./machine-types.js";
import { isTerminal, StepBuilder } from "./step-builder.js";

export function initialState(config: ControlConfig): ControlState {
  return {
    config,
    lifecycle: "starting",
    turn: null,
    turnsStarted: config.turnsBefore ?? 0,
    heldSends: [],
    openQuestion: config.waitingQuestion?.question ?? null,
    preambleSent: false,
    frameNote: null,
    harnessReady: false,
    harnessSessionId: config.resume ?? null,
    ending: null,
    pending: [],
    settled: AppendOnlyMap.empty(),
    frame: { inForce: config.frame ?? null, staged: null },
    posture: config.posture ?? null,
    mode: config.mode,
    census: { allowed: 0, denied: 0, replaced: 0, abstained: 0, byDecider: {} },
    answered: AppendOnlyMap.empty(),
    queuedInjections: [],
    warnedOnce: [],
    rules: config.rules ?? [],
    rulesMade: rulesMadeBefore(config.rules ?? []),
  };
}

/** The highest rule number a resumed session's rules carry, so the next id is new. */
function rulesMadeBefore(rules: readonly { readonly id: string }[]): number {
  return Math.max(0, ...rules.map((r) => Number(/^r(\d+)$/.exec(r.id)?.[1] ?? 0)));
}

export function step(state: ControlState, input: ControlInput, now: number): StepResult {
  const b = new StepBuilder(state, now);
  if (!isTerminal(state.lifecycle)) expireDeadlines(b);
  apply(b, input);
  return { state: b.state, effects: b.effects };
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

function apply(b: StepBuilder, input: ControlInput): void {
  // Commands are answered even on a closed session (TOO_LATE); harness facts after the end are ignored.
  if (input.type === "command-line") return commandLine(b, input.line, input.decider, input.via);
  if (input.type === "command-value") return commandValue(b, input.value, input.decider, input.via);
  // Answered even after the end: the harness blocks on it, and a closed session admits nothing.
  if (input.type === "pre-tool-check") return preToolCheck(b, input.call);
  // Rejected with reason closed after the end; the harness that is gone said all it will.
  if (input.type === "send") return send(b, input.id, input.text);
  if (input.type === "answer") return answer(b, input.id, input.text);
  if (input.type === "send-written") return sendWritten(b, input.id, input.turnOpen, input.ok);
  if (isTerminal(b.state.lifecycle)) {
    if (input.type === "tool-call-requested")
      b.warn(
        "CALL_AFTER_CLOSE",
        `${input.call.callId} arrived after the session ${b.state.lifecycle}; nothing can answer it`,
      );
    return;
  }
  switch (input.type) {
    case "ready":
      b.patch({ harnessReady: true });
      if (b.state.lifecycle === "starting") harnessReady(b);
      return;
    case "turn-started":
      return turnStarted(b, input.turnId);
    case "turn-ended":
      if (input.outcome) return turnFinished(b, input.outcome);
      turnEnded(b, input.awaitingInput === true);
      return nextTurn(b);
    case "harness-event":
      return harnessEvent(b, input.event);
    case "harness-failed":
      return fatal(b, input.failure);
    case "stalled":
      return stalled(b, input.ms);
    case "harness-gone":
      return harnessGone(b, input.exitCode, input.signal, input.spawnError, input.lastStderr);
    case "tool-call-requested":
      return openCall(b, input.call);
    case "call-cleared":
      if (b.settle(input.callId, { outcome: "cleared", why: input.reason })) {
        b.emit({ kind: "approval-cleared", callId: input.callId, reason: input.reason });
        b.settleTurnLifecycle();
      }
      return;
    case "delivery-failed":
      return deliveryFailed(b, input.callId, input.reason);
    case "tick":
      return;
    case "decider-gone":
      for (const call of [...b.state.pending]) {
        denyNow(
          b,
          call.callId,
          `nobody is left to decide this call (${input.reason}), so hmux denies it rather than let it wait; the call did not run`,
          "hmux",
          "decider-gone",
        );
      }
      return;
    case "close-requested":
      return closeRequested(
        b,
        input.reason,
        { cause: input.cause ?? "clean", ...(input.failure ? { failure: input.failure } : {}) },
        input.now ?? false,
      );
    case "process-exited":
      clearAllPending(b, "process-ended", true);
      b.patch({ turn: null });
      b.moveTo(
        input.failure || input.cause === "failed" || input.cause === "crash" ? "failed" : "closed",
        `the process exited (${input.cause})`,
      );
      b.emit({
        kind: "closed",
        exitCode: input.exitCode,
        cause: input.cause,
        ...(input.failure ? { failure: input.failure } : {}),
      });
      return;
  }
}

function deliveryFailed(b: StepBuilder, callId: string, reason: string): void {
  const settled = b.state.settled.get(callId);
  b.warn(
    "DELIVERY_FAILED",
    `${callId}: the answer could not be written to ${b.state.config.channel.harness} (${reason})`,
  );
  if (settled?.decision && settled.decider) {
    b.emit({
      kind: "approval-disposition",
      callId,
      decision: settled.decision,
      decider: settled.decider,
      status: "rejected",
      reason,
    });
  }
}
