/**
 * How a turn ended, decided once, purely: from the events the decoder produced, the process's
 * exit status and hmux's own watchdogs. Returns only the trailing events - a question when one
 * was asked, any failure the end itself implies, and exactly one `done`.
 *
 * Exit contract (hmux's own process exit code, see hmuxExitCode): 0 for clean or awaiting-input,
 * 1 for any other end after spawn; 2 is a refusal before spawn and never reaches this function.
 * `done.exitCode` is the harness's exit code as observed (null: killed by a signal, or unknown).
 *
 * Cause, first rule that applies: spawn error → failed (transport); abort → killed (interrupted
 * when the abort was the person's interrupt); watchdog
 * timeout → killed (timeout, not retryable); watchdog stall → stall (stall, retryable); the decoder
 * gave up on the harness → failed (with the decoder's failure, e.g. network); a `limit`
 * event → limit; a signal hmux did not send → crash (transport, naming the signal); a non-zero exit → failed when the stream explained it, else the
 * stderr tail decides (transport/unavailable → failed, otherwise crash with a `native` failure);
 * exit 0 or unknown → failed (native) when the decoder says the stream never reached its
 * turn-ending record and nothing else failed, else awaiting-input for a well-formed question on a failure-free turn, failed for
 * a malformed one or any failure, else clean. A failed turn whose reduced failure is a rate, usage
 * or quota wall reports cause limit.
 */

import { classifyExitTail, type MatcherSet, SHARED_MATCHERS } from "./classify.js";
import type { ExitCause, FailureClass, FailureSummary, HarnessEvent } from "./events.js";
import { failure, failureEvent, killedBySignal, reduceFailures } from "./failure.js";
import { detectQuestion } from "./question.js";

export interface ExitStatus {
  /** null with no signal and no spawn error: the exit is unknown (a recorded stream). */
  readonly code: number | null;
  readonly signal?: string | null;
  /** The process never started (missing binary, EACCES). */
  readonly spawnError?: string;
}

export interface ConcludeInput {
  readonly events: readonly HarnessEvent[];
  readonly exit: ExitStatus;
  /** hmux's watchdog ended the turn: the wall-clock deadline or the stream-idle budget. */
  readonly watchdog?: "timeout" | "stall" | null;
  /** The decoder said the harness would never end the turn itself, and the runner stopped it. */
  readonly gaveUp?: boolean;
  /** The caller (user, hmux) asked the turn to stop. */
  readonly aborted?: boolean;
  /** The stop was the person's interrupt (Ctrl-C; the abort reason INTERRUPT_ABORT): the turn ends interrupted, not killed. */
  readonly interrupted?: boolean;
  readonly escalateQuestions: boolean;
  /** stderr lines kept by the runner; defaults to the last raw stderr events. */
  readonly stderrTail?: readonly string[];
  readonly matchers?: MatcherSet;
  /** Names the harness in failures this function writes itself. */
  readonly harness?: string;
  /** The decoder's verdict that the stream stopped before its turn-ending record (see StreamDecoder.incompleteTurn). */
  readonly incompleteTurn?: string;
}

export const STDERR_TAIL_LINES = 20;

/** The abort reason a caller gives when the person interrupted the turn (Ctrl-C), not when hmux stops it. */
export const INTERRUPT_ABORT = "interrupt";

const LIMIT_CLASSES: ReadonlySet<FailureClass> = new Set(["rate-limit", "usage-limit", "quota"]);

function tailFromEvents(events: readonly HarnessEvent[]): string[] {
  const out: string[] = [];
  for (let i = events.length - 1; i >= 0 && out.length < STDERR_TAIL_LINES; i--) {
    const e = events[i]!;
    if (e.kind === "raw" && e.stream === "stderr" && e.text.trim() !== "") out.push(e.text);
  }
  return out.reverse();
}

function lastAssistantText(events: readonly HarnessEvent[]): string | undefined {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (e.kind === "message" && e.role === "assistant" && !e.thinking) return e.text;
  }
  return undefined;
}

export function concludeTurn(input: ConcludeInput): HarnessEvent[] {
  const { events, exit } = input;
  const seen: FailureSummary[] = [];
  let limitSeen = false;
  for (const e of events) {
    if (e.kind === "failure") {
      const { kind: _kind, ...summary } = e;
      seen.push(summary);
    } else if (e.kind === "limit") {
      limitSeen = true;
    }
  }
  const trailing: HarnessEvent[] = [];
  const add = (f: FailureSummary) => {
    seen.push(f);
    trailing.push(failureEvent(f));
  };
  const finish = (cause: ExitCause): HarnessEvent[] => {
    const reduced = reduceFailures(seen);
    // A turn that failed on a rate, usage or quota wall ended on a limit, whichever way the
    // harness said so (a rate_limit_event, a 429 in an error text, a limit line on stderr).
    const end = cause === "failed" && reduced && LIMIT_CLASSES.has(reduced.class) ? "limit" : cause;
    trailing.push({ kind: "done", exitCode: exit.code, cause: end, ...(reduced ? { failure: reduced } : {}) });
    return trailing;
  };

  if (exit.spawnError !== undefined) {
    add(failure("transport", `could not start the harness: ${exit.spawnError}`));
    return finish("failed");
  }
  if (input.aborted) return finish(input.interrupted ? "interrupted" : "killed");
  if (input.watchdog === "timeout") {
    add(failure("timeout", "the turn exceeded its wall-clock timeout and was stopped"));
    return finish("killed");
  }
  if (input.watchdog === "stall") {
    add(failure("stall", "the harness produced no output within the stall budget and was stopped"));
    return finish("stall");
  }
  if (input.gaveUp) {
    // The decoder's own failure explains it; a stream-less give-up still needs one.
    if (seen.length === 0) add(failure("native", "the harness was stopped: it would not end the turn by itself"));
    return finish("failed");
  }
  if (limitSeen) return finish("limit");
  if (exit.code === null && exit.signal) {
    add(killedBySignal(input.harness, exit.signal));
    return finish("crash");
  }

  if (exit.code !== null && exit.code !== 0) {
    if (seen.length > 0) return finish("failed");
    const tail = input.stderrTail ?? tailFromEvents(events);
    const f = classifyExitTail(tail, exit.code, input.matchers ?? SHARED_MATCHERS);
    add(f);
    return finish(f.class === "native" ? "crash" : "failed");
  }

  // Exit 0, or unknown (a recorded stream): the stream decides.
  if (input.incompleteTurn !== undefined && seen.length === 0) {
    // Class `native`, not `transport`: transport is the path to the provider failing, and every
    // recorded provider failure (refused, 5xx, a response cut mid-stream) still ends with the
    // harness's own turn-ending record carrying the error (claude result is_error, codex
    // turn.failed, pi agent_end; captures fail-drop/fail-500 of each). A stream that stops before
    // that record is the harness not finishing its own protocol - its own terms, like the
    // "exited 0 but printed no JSON events" case - and resending the same request is no remedy
    // hmux can promise, so it is not retryable. A failure the stream already reported is the
    // better explanation and is kept instead.
    add(failure("native", `incomplete turn: ${input.incompleteTurn}`));
    return finish("failed");
  }
  if (input.escalateQuestions) {
    const text = lastAssistantText(events);
    const found = text === undefined ? { kind: "none" as const } : detectQuestion(text);
    if (found.kind === "malformed") {
      trailing.push({ kind: "error", message: `malformed hcn-question block: ${found.reason}`, terminal: true });
      add(failure("task", `malformed hcn-question block: ${found.reason}`));
      return finish("failed");
    }
    if (found.kind === "question" && seen.length === 0) {
      trailing.push({
        kind: "question",
        question: found.question,
        options: found.options,
        ...(found.recommended !== undefined ? { recommended: found.recommended } : {}),
      });
      return finish("awaiting-input");
    }
  }
  return finish(seen.length > 0 ? "failed" : "clean");
}

/** hmux's own process exit code for a turn that reached `done`. */
export function hmuxExitCode(done: { readonly cause: ExitCause }): 0 | 1 {
  return done.cause === "clean" || done.cause === "awaiting-input" ? 0 : 1;
}
