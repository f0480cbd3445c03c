/**
 * One session's (or one race contestant's) usage as it comes: each usage event priced
 * (price-usage.ts), and the totals so far. The server prices a session's events with it before
 * they are kept or sent, so every client and a race see the same figures; a headless race prices
 * each contestant's turn with it. The model a record does not name is the one the harness said it
 * runs (its identity), else the one the session was asked for.
 */
import type { SessionEvent } from "../control/types.js";
import type { PriceTable } from "./price-lookup.js";
import { priceUsage } from "./price-usage.js";
import { addUsage, NO_USAGE, type UsageTotals } from "./totals.js";

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
