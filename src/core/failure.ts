import { type FailureClass, type FailureSummary, type HarnessEvent, isRetryable } from "./events.js";

export function failure(
  cls: FailureClass,
  message: string,
  extra: Omit<Partial<FailureSummary>, "class" | "retryable" | "message"> = {},
): FailureSummary {
  return { class: cls, retryable: isRetryable(cls), message, ...extra };
}

/**
 * A harness ended by a signal hmux did not send (a person's kill, another program, the OOM
 * killer). One answer under `run` and `session`: cause `crash` with this failure, naming the
 * signal. `native`, so not retryable: whoever sent the signal meant the harness to stop (or the
 * machine ran out of memory), and running the same request again would undo that decision or
 * meet the same wall; it is not the path to the provider failing, which is what transport means.
 */
export function killedBySignal(harness: string | undefined, signal: string): FailureSummary {
  return failure("native", `${harness ?? "the harness"} was killed by ${signal}, a signal hmux did not send`);
}

export function failureEvent(summary: FailureSummary): HarnessEvent {
  return { kind: "failure", ...summary };
}

/**
 * Lower rank wins when a turn saw several failures: the most specific, most actionable
 * cause (a refusal, an auth wall) outranks the generic transport symptom it produced.
 */
const RANK: Record<FailureClass, number> = {
  rejected: 0,
  native: 0,
  "trust-refused": 0,
  auth: 1,
  "rate-limit": 2,
  "usage-limit": 2,
  quota: 2,
  unavailable: 2,
  budget: 3,
  task: 3,
  timeout: 3,
  stall: 3,
  network: 4,
  transport: 4,
};

/** Reduce every failure a turn saw to one summary; ties keep the earliest. */
export function reduceFailures(all: readonly FailureSummary[]): FailureSummary | undefined {
  let best: FailureSummary | undefined;
  for (const f of all) if (!best || RANK[f.class] < RANK[best.class]) best = f;
  return best;
}
