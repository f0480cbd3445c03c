/**
 * A session's usage as the server keeps it: each usage event priced (core/usage/price-usage.ts)
 * before it is kept or sent, so every client and the race see the same figures, and the totals its
 * row carries. The model a record does not name is the one the harness said it runs (its identity),
 * else the one the session was asked for.
 */
import type { SessionEvent } from "../core/control/types.js";
import type { PriceTable } from "../core/usage/price-lookup.js";
import { priceUsage } from "../core/usage/price-usage.js";
import { addUsage, NO_USAGE, type UsageTotals } from "../core/usage/totals.js";

export class SessionUsage {
  private said: string | undefined;
  totals: UsageTotals = NO_USAGE;

  constructor(
    private readonly asked: string | undefined,
    private readonly prices: PriceTable,
  ) {}

  /** The event as it is kept and sent: a usage event priced, any other as it came. */
  take(event: SessionEvent): SessionEvent {
    if (event.kind === "identity" && event.model !== undefined) this.said = event.model;
    if (event.kind !== "usage") return event;
    const priced = priceUsage(event, this.said ?? this.asked, this.prices);
    this.totals = addUsage(this.totals, priced);
    return priced;
  }
}
