/**
 * hmux's own decision deadline sits strictly below the harness's, so an expiry is always hmux's
 * deny with a reason, never a race with the harness's own timeout (whose outcome may be unknown).
 * How long hmux would wait is the launch plan's decision budget (src/core/launch/decision-budget.ts);
 * this only keeps it inside what the harness allows for the call.
 */
import { DEFAULT_DECISION_BUDGET_SECONDS } from "../launch/decision-budget.js";

/** For a session planned without the launch pipeline (an embedder's own plan): the rule's default. */
export const DEFAULT_DECISION_BUDGET_MS = DEFAULT_DECISION_BUDGET_SECONDS * 1000;

/** hmux's budget in ms for one decision; strictly less than harnessTimeoutMs whenever that is known. */
export function hmuxDeadlineMs(
  harnessTimeoutMs: number | null,
  requestedMs: number = DEFAULT_DECISION_BUDGET_MS,
): number {
  const requested = Math.max(1, Math.floor(requestedMs));
  if (harnessTimeoutMs === null) return requested;
  const below = harnessTimeoutMs > 5000 ? harnessTimeoutMs - 5000 : Math.floor(harnessTimeoutMs / 2);
  return Math.max(0, Math.min(requested, below, harnessTimeoutMs - 1));
}

/** The deny reason on expiry, in plain words: how long nobody answered, and that nothing ran. */
export function deadlineReason(budgetMs: number, harnessTimeoutMs: number | null): string {
  const harness =
    harnessTimeoutMs === null ? "" : ` (the harness itself waits only ${durationInWords(harnessTimeoutMs)})`;
  return `nobody answered within ${durationInWords(budgetMs)}${harness}, so hmux denied it; the call did not run`;
}

/** A duration as a person says it: "10 min", "1 min 30 s", "55 s", "800 ms". */
export function durationInWords(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  // Under ten seconds a rounded figure would misstate the wait by up to a third (1.5 s is not "2 s").
  if (ms < 10_000 && ms % 1000 !== 0) return `${(Math.floor(ms / 100) / 10).toString()} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [hours > 0 ? `${hours} h` : "", minutes > 0 ? `${minutes} min` : "", rest > 0 ? `${rest} s` : ""];
  return parts.filter(Boolean).join(" ");
}
