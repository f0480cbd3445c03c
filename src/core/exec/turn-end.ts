/**
 * What the execution layer saw of a turn, and how that turn ended. The stream-side verdict
 * (result records, provider errors) comes from the decoder's own failure events; this adds
 * what only the supervisor knows: the exit status, its own watchdogs, and stderr.
 */
import type { ExitCause, FailureSummary, HarnessEvent } from "../events.js";
import { failure, failureEvent, reduceFailures } from "../failure.js";
import type { HarnessName } from "../harness-names.js";
import { detectQuestion } from "../question.js";
import type { ExitStatus } from "./ports.js";

export type Watchdog = "timeout" | "stall" | "abort";

export interface TurnObservation {
  readonly harness: HarnessName;
  readonly exit: ExitStatus;
  /** Which of hmux's own stops ended the process, if any. */
  readonly watchdog: Watchdog | null;
  readonly timeoutMs?: number;
  readonly stallMs?: number;
  /** Every failure already emitted during the turn (decoder's and hmux's). */
  readonly failures: readonly FailureSummary[];
  readonly limitSeen: boolean;
  readonly lastAssistantMessage?: string;
  /** The last stderr lines, for classifying a non-zero exit the stream did not explain. */
  readonly stderrTail: readonly string[];
  readonly escalateQuestions: boolean;
}

/** The closing events of a turn: an optional question, failures only hmux knows, then `done`. */
export function concludeObservedTurn(obs: TurnObservation): HarnessEvent[] {
  const out: HarnessEvent[] = [];
  const failures = [...obs.failures];
  const add = (f: FailureSummary) => {
    failures.push(f);
    out.push(failureEvent(f));
  };

  let asked = false;
  if (obs.escalateQuestions && obs.lastAssistantMessage && obs.watchdog === null) {
    const found = detectQuestion(obs.lastAssistantMessage);
    if (found.kind === "question") {
      asked = true;
      const q: HarnessEvent = found.recommended === undefined
        ? { kind: "question", question: found.question, options: found.options }
        : { kind: "question", question: found.question, options: found.options, recommended: found.recommended };
      out.push(q);
    } else if (found.kind === "malformed") {
      out.push({ kind: "error", message: `the worker's hcn-question block is malformed (${found.reason}); treated as plain text` });
    }
  }

  const { code, signal } = obs.exit;
  if (obs.watchdog === "timeout") {
    add(failure("timeout", `the turn did not finish within ${seconds(obs.timeoutMs)} (hmux --timeout); the harness was stopped`));
  } else if (obs.watchdog === "stall") {
    add(failure("stall", `the harness produced no output for ${seconds(obs.stallMs)} (hmux --stall); the harness was stopped`));
  } else if (obs.watchdog === null && failures.length === 0 && code !== null && code !== 0) {
    const tail = obs.stderrTail.filter((l) => l.trim() !== "").join("\n");
    add(tail
      ? failure("native", `${obs.harness} exited with code ${code}: ${tail}`, { nativeExitCode: code })
      : failure("transport", `${obs.harness} exited with code ${code} and explained nothing on stdout or stderr`, { nativeExitCode: code }));
  } else if (obs.watchdog === null && failures.length === 0 && code === null && signal !== null) {
    add(failure("transport", `${obs.harness} was killed by ${signal} (not by hmux)`));
  }

  const reduced = reduceFailures(failures);
  const cause = causeOf(obs, asked, reduced);
  out.push(reduced ? { kind: "done", exitCode: code, cause, failure: reduced } : { kind: "done", exitCode: code, cause });
  return out;
}

function causeOf(obs: TurnObservation, asked: boolean, reduced: FailureSummary | undefined): ExitCause {
  if (obs.limitSeen) return "limit";
  if (obs.watchdog === "abort") return "killed";
  if (obs.watchdog === "stall") return "stall";
  if (obs.watchdog === "timeout") return "killed";
  const { code } = obs.exit;
  if (code === 0) return reduced ? "failed" : asked ? "awaiting-input" : "clean";
  if (code === null) return reduced ? "failed" : "killed";
  return reduced && reduced.class !== "native" ? "failed" : "crash";
}

function seconds(ms: number | undefined): string {
  return ms === undefined ? "the budget" : `${Math.round(ms / 100) / 10}s`;
}
