/**
 * For a harness that reports running totals (ACP's usage_update carries the session's cost so far):
 * each report's share is its increase over the last one. A total that went down (the agent reset
 * its count) starts over: that report's share is the whole of it.
 */
export class RunningTotal {
  private last: number | undefined;

  /** This report's share of `total`. */
  share(total: number): number {
    const last = this.last;
    this.last = total;
    if (last === undefined || total < last) return total;
    return total - last;
  }
}
