import { type FailureClass, type FailureSummary, type HarnessEvent, isRetryable } from "./events.js";

export function failure(
  cls: FailureClass,
  message: string,
  extra: Omit<Partial<FailureSummary>, "class" | "retryable" | "message"> = {},
): FailureSummary {
  return { class: cls, retryable: isRetryable(cls), message, ...extra };
}

/**
 * A harness ended by a signal hmux did not send (another process, the OOM killer). One answer
 * under `run` and `session`: cause `crash` with this failure, naming the signal. `transport`,
 * as for a broken pipe to the harness: the channel hmux drives the harness through was cut,
 * and running the same request again may well succeed.
 */
export function killedBySignal(harness: string | undefined, signal: string): FailureSummary {
  return failure("transport", `${harness ?? "the harness"} was killed by ${signal}, a signal hmux did not send`);
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
