/**
 * hmux's own decision deadline sits strictly below the harness's, so an expiry is always hmux's
 * deny with a reason, never a race with the harness's own timeout (whose outcome may be unknown).
 */

/** Used when the harness waits without limit and nobody asked for another budget. */
export const DEFAULT_DECISION_BUDGET_MS = 55_000;

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

/** The deny reason on expiry: names hmux's budget and the harness's timeout. */
export function deadlineReason(budgetMs: number, harnessTimeoutMs: number | null): string {
  const harness =
    harnessTimeoutMs === null
      ? "the harness's own wait, which has no limit"
      : `the harness's own ${harnessTimeoutMs}ms timeout`;
  return `hmux's own ${budgetMs}ms decision deadline expired before an answer arrived; it is strictly less than ${harness}, so the refusal is hmux's and not an ambiguity; the call did not run`;
}
