/**
 * Turns and the session's end in the control machine: a caller's send or answer opens a turn
 * (or is rejected with why), the harness's output is recorded on the open turn, the turn's end
 * resolves its cause and `done`, and whatever ends the session (close, halt, a broken pipe, a
 * stall, the process gone) is decided here once, so both transports report it the same way.
 */
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import { failure, killedBySignal, reduceFailures } from "../failure.js";
import { composeAnswer, composePrompt, detectQuestion } from "../question.js";
import { abandonPending, clearAllPending } from "./machine-calls.js";
import type { Ending, Frame, OpenTurn, TurnOutcome } from "./machine-types.js";
import { isTerminal, type StepBuilder } from "./step-builder.js";
import type { Disposition } from "./types.js";

/** A send during a turn on a harness that runs one process per turn: nothing can take the text. */
export const TURN_IN_PROGRESS = "turn-in-progress";

const LIMIT_CLASSES: ReadonlySet<string> = new Set(["rate-limit", "usage-limit", "quota"]);

function dispose(b: StepBuilder, id: string, d: Disposition): void {
  b.emit({ kind: "disposition", id, ...d });
}

const midTurnSend = (b: StepBuilder) => b.state.config.midTurnSend ?? "next-turn";

/** A caller's text: rejected with why, or handed to the transport (deliver-send) to be written. */
export function send(b: StepBuilder, id: string, text: string): void {
  const { state } = b;
  if (!state.harnessReady || state.ending !== null || isTerminal(state.lifecycle))
    return dispose(b, id, { disposition: "rejected", reason: "closed" });
  const turnOpen = state.turn !== null;
  if (turnOpen && midTurnSend(b) === "refused")
    return dispose(b, id, { disposition: "rejected", reason: TURN_IN_PROGRESS });
  b.effect({ type: "deliver-send", id, text: withPreamble(b, withFrame(b, text, turnOpen)), turnOpen });
}

/** The answer to the question the last turn ended on, sent as a message that names the question. */
export function answer(b: StepBuilder, id: string, text: string): void {
  if (b.state.turn !== null && midTurnSend(b) === "refused")
    return dispose(b, id, { disposition: "rejected", reason: TURN_IN_PROGRESS });
  const question = b.state.openQuestion;
  if (question === null || b.state.turn !== null)
    return dispose(b, id, { disposition: "rejected", reason: "no-open-question" });
  send(b, id, composeAnswer(question, text));
}

/** The transport wrote a send (or its stdin broke): the send opens a turn, joins one, or is held for the next. */
export function sendWritten(b: StepBuilder, id: string, turnOpen: boolean, ok: boolean): void {
  if (!ok) {
    dispose(b, id, { disposition: "rejected", reason: "write-failed" });
    b.emit({ kind: "error", message: "the harness's stdin pipe broke; the session is closing" });
    endSession(b, { cause: "crash", failure: failure("transport", "the harness's stdin pipe broke") }, true);
    return;
  }
  b.patch({ openQuestion: null });
  // A harness that holds text runs it as its own next turn: if the turn ended while the text was written, that is now.
  if (!turnOpen || (b.state.turn === null && midTurnSend(b) === "next-turn")) openTurn(b, id);
  else if (midTurnSend(b) === "next-turn") b.patch({ heldSends: [...b.state.heldSends, id] });
  dispose(b, id, { disposition: "started" });
}

/** message.inject between turns: written at once as a turn of its own, with no caller id. */
export function injectNow(b: StepBuilder, text: string): void {
  if (b.state.ending !== null || b.state.turn !== null) return;
  b.effect({ type: "deliver-send", id: null, text: withFrame(b, text, false), turnOpen: false });
  openTurn(b, null);
}

/** frame.set: the frame is in force from the next turn, and the model is shown its text with it. */
export function stageFrame(b: StepBuilder, frame: Frame): void {
  b.patch({
    frame: { ...b.state.frame, staged: frame },
    frameNote: frame.text ?? `hmux: this step admits ${frame.admits.join(", ")}`,
  });
}

function withPreamble(b: StepBuilder, text: string): string {
  const questions = b.state.config.questions;
  if (b.state.preambleSent || questions === undefined) return text;
  b.patch({ preambleSent: true });
  return composePrompt(text, questions.escalate ? questions.preamble : "no-escalate");
}

function withFrame(b: StepBuilder, text: string, turnOpen: boolean): string {
  const note = b.state.frameNote;
  if (turnOpen || note === null) return text;
  b.patch({ frameNote: null });
  return `${note}\n\n${text}`;
}

/** Opens the next numbered turn for a send (or an injection: null). */
export function openTurn(b: StepBuilder, by: string | null): void {
  const turnId = `${b.state.config.sessionId}:turn-${b.state.turnsStarted + 1}`;
  b.emit({ kind: "turn", turnId, id: by });
  turnStarted(b, turnId);
  if (b.state.turn) b.patch({ turn: { ...b.state.turn, by } });
}

export function turnStarted(b: StepBuilder, turnId: string): void {
  const { staged } = b.state.frame;
  b.patch({ turn: { id: turnId, startedAt: b.now }, turnsStarted: b.state.turnsStarted + 1 });
  if (staged) b.patch({ frame: { inForce: staged, staged: null } });
  if (b.state.lifecycle !== "closing")
    b.moveTo(b.state.pending.length > 0 ? "awaiting-approval" : "running", `turn ${turnId} started`);
}

/**
 * The harness took its handshake: the session is idle — or, resumed with a question its journal
 * left waiting (its server died before the answer), the question is asked again and waits.
 */
export function harnessReady(b: StepBuilder): void {
  const waiting = b.state.config.waitingQuestion;
  if (waiting === undefined || b.state.openQuestion !== waiting.question)
    return b.moveTo("idle", "the harness is ready");
  b.emit({
    kind: "question",
    question: waiting.question,
    options: waiting.options,
    ...(waiting.recommended !== undefined ? { recommended: waiting.recommended } : {}),
  });
  b.moveTo("awaiting-input", "the question asked before the resume still waits for its answer");
}

/** What the harness said: kept on the open turn where the turn's end needs it, then emitted. */
export function harnessEvent(b: StepBuilder, event: HarnessEvent): void {
  if (event.kind === "done") return;
  if (event.kind === "identity") b.patch({ harnessSessionId: event.sessionId });
  const turn = b.state.turn;
  if (turn) {
    if (event.kind === "failure") {
      const { kind: _kind, ...summary } = event;
      b.patch({ turn: { ...turn, failures: [...(turn.failures ?? []), summary] } });
    } else if (event.kind === "question") b.patch({ turn: { ...turn, question: event.question } });
    else if (event.kind === "message" && event.role === "assistant" && !event.thinking)
      b.patch({ turn: { ...turn, lastText: event.text } });
  }
  b.emit(event);
}

/** The turn ended: pending calls cleared, lifecycle settled; the caller's question kept for an answer. */
export function turnEnded(b: StepBuilder, awaitingInput: boolean): void {
  // A call the turn ended on is no longer waited for: cleared (TOO_LATE afterwards), said so.
  clearAllPending(b, "turn-ended", true);
  b.patch({ turn: null });
  if (b.state.lifecycle === "closing") return;
  b.moveTo(
    awaitingInput ? "awaiting-input" : "idle",
    awaitingInput ? "the turn ended on a question" : "the turn ended",
  );
}

/**
 * The open turn ended as the transport saw it. A turn that ended on its own with an
 * hcn-question block as the last assistant text asked the caller: a question event, then done
 * awaiting-input. A malformed block is a task failure, so the caller sees why no question came.
 */
export function turnFinished(b: StepBuilder, outcome: TurnOutcome): void {
  const turn = b.state.turn;
  if (!turn) return;
  const failures = [...(turn.failures ?? [])];
  let question = turn.question;
  const escalate = b.state.config.questions?.escalate === true;
  if (outcome.cause === undefined && escalate && question === undefined && turn.lastText !== undefined) {
    const found = detectQuestion(turn.lastText);
    if (found.kind === "question") {
      question = found.question;
      b.emit({
        kind: "question",
        question: found.question,
        options: found.options,
        ...(found.recommended !== undefined ? { recommended: found.recommended } : {}),
      });
    } else if (found.kind === "malformed") {
      const f = failure("task", `malformed hcn-question block: ${found.reason}`);
      b.emit({ kind: "error", message: f.message });
      b.emit({ kind: "failure", ...f });
      failures.push(f);
    }
  }
  const f = outcome.failure ?? reduceFailures(failures);
  const concluded =
    outcome.cause ??
    (question !== undefined ? "awaiting-input" : f ? (LIMIT_CLASSES.has(f.class) ? "limit" : "failed") : "clean");
  const cause = stoppedAsAsked(b, turn, concluded) ? "interrupted" : concluded;
  turnEnded(b, cause === "awaiting-input");
  b.emit({ kind: "done", exitCode: outcome.exitCode, cause, ...(f ? { failure: f } : {}) });
  if (cause === "awaiting-input" && question !== undefined) b.patch({ openQuestion: question });
  nextTurn(b);
}

/**
 * An interrupted turn that stopped as asked: it ended cleanly (the harness's in-band interrupt),
 * or its process was killed by the interrupt (a harness with a process per turn) while the
 * session itself is not ending. Decided here, once, so the event stream, the journal and every
 * client (the TUI, `hmux session --json`, a restore) say `interrupted` alike.
 */
function stoppedAsAsked(b: StepBuilder, turn: OpenTurn, cause: ExitCause): boolean {
  if (turn.interrupted !== true) return false;
  return cause === "clean" || (cause === "killed" && b.state.ending === null);
}

/** At a turn boundary: a send the harness holds runs first, else one queued injection. */
export function nextTurn(b: StepBuilder): void {
  if (b.state.ending !== null || b.state.turn !== null || isTerminal(b.state.lifecycle)) return;
  const [held, ...heldRest] = b.state.heldSends;
  if (held !== undefined) {
    b.patch({ heldSends: heldRest });
    openTurn(b, held);
    return;
  }
  const [text, ...queuedRest] = b.state.queuedInjections;
  if (text !== undefined) {
    b.patch({ queuedInjections: queuedRest });
    injectNow(b, text);
  }
}

/** The open turn went quiet for the stall budget: the turn ends stall, and so does the session. */
export function stalled(b: StepBuilder, ms: number): void {
  if (!b.state.turn) return;
  const f = failure("stall", `the turn produced no output for ${ms}ms (the --stall budget)`);
  b.emit({ kind: "failure", ...f });
  decideEnding(b, { cause: "stall", failure: f });
  turnFinished(b, { cause: "stall", exitCode: null, failure: f });
  stopHarness(b, closeReason("stall"), true);
}

/**
 * The harness process is gone. Nobody can answer a call it asked (cleared as a failed channel,
 * never "decided"); an open turn ends with it; an exit nobody asked for is a crash.
 */
export function harnessGone(
  b: StepBuilder,
  exitCode: number | null,
  signal: string | null,
  spawnError?: string,
  lastStderr?: string,
) {
  const harness = b.state.config.harness;
  for (const call of [...b.state.pending]) {
    if (b.settle(call.callId, { outcome: "cleared", why: "channel-failed" })) {
      b.emit({ kind: "approval-cleared", callId: call.callId, reason: "channel-failed" });
      b.settleTurnLifecycle();
    }
  }
  if (spawnError !== undefined) {
    const f = failure("transport", `could not start ${harness}: ${spawnError}`);
    b.emit({ kind: "failure", ...f });
    b.patch({ ending: { cause: "crash", failure: f } });
  }
  const unexpected = b.state.ending === null;
  decideEnding(b, {
    cause: "crash",
    failure: signal
      ? killedBySignal(harness, signal)
      : b.state.harnessReady
        ? failure("transport", `${harness} exited unexpectedly (code ${exitCode})`)
        : startupExit(harness, exitCode, lastStderr),
  });
  if (!b.state.turn) return;
  const cause = unexpected ? "crash" : b.state.ending?.cause === "stall" ? "stall" : "killed";
  const f = !unexpected
    ? undefined
    : signal
      ? killedBySignal(harness, signal)
      : failure("transport", `${harness} exited (code ${exitCode}) during a turn`);
  turnFinished(b, { cause, exitCode, ...(f ? { failure: f } : {}) });
}

/**
 * The harness quit before its handshake finished. A failing exit with a reason on stderr is the
 * harness refusing what it was asked to start with (an unknown session id, a bad flag): the same
 * request fails the same way, so it is `rejected`, not retryable, and the reason is its own words.
 */
export function startupExit(harness: string, exitCode: number | null, lastStderr: string | undefined) {
  const reason = lastStderr?.trim();
  if (exitCode !== 0 && reason)
    return failure("rejected", `${harness} refused to start (exit code ${exitCode}): ${reason}`);
  return failure(
    "transport",
    `${harness} exited while starting (code ${exitCode})${reason ? `: ${reason}` : ", saying nothing on stderr"}`,
  );
}

/** The first ending decided is the one `closed` reports. */
export function decideEnding(b: StepBuilder, ending: Ending): void {
  if (b.state.ending === null) b.patch({ ending });
}

function closeReason(cause: Ending["cause"]): string {
  return cause === "clean" ? "the session was closed" : `the session is ending (${cause})`;
}

/** Ends the session for this reason unless an ending was already decided (that one stands, and is under way). */
export function endSession(b: StepBuilder, ending: Ending, now: boolean, reason = closeReason(ending.cause)): void {
  if (b.state.ending !== null) return;
  decideEnding(b, ending);
  stopHarness(b, reason, now);
}

/** hmux closes the session; a second close (the first one's ending stands) still denies what is pending. */
export function closeRequested(b: StepBuilder, reason: string, ending: Ending, now: boolean): void {
  if (b.state.ending === null) return endSession(b, ending, now, reason);
  abandonPending(b, "closed", reason);
  b.moveTo("closing", reason);
}

/** Pending calls are denied before anything stops the harness; then the harness is stopped. */
function stopHarness(b: StepBuilder, reason: string, now: boolean): void {
  abandonPending(b, "closed", reason);
  b.moveTo("closing", reason);
  b.effect({ type: "stop-harness", now });
}

/** A failure that ends the session (a broken handshake or channel). */
export function fatal(b: StepBuilder, f: FailureSummary): void {
  b.emit({ kind: "failure", ...f });
  endSession(b, { cause: "failed", failure: f }, true);
}
