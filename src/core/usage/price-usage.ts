/**
 * Gives a usage record its cost. The harness's own figure stands when it has one; otherwise the
 * tokens are priced from the table for the model the record names, or else the session's model.
 * A figure of 0 for a record that spent tokens is not a price (pi says 0 for a model its config
 * gives no cost): the table prices it, or it stays unknown. The context window, when the record
 * lacks it, is the table's for that model.
 */
import type { UsageEvent } from "../events.js";
import { allInputTokens } from "./input-tokens.js";
import { lookupPrice, type PriceTable } from "./price-lookup.js";
import type { ModelPrice } from "./prices.js";

const PER_TOKEN = 1 / 1_000_000;

export function spentTokens(u: UsageEvent): number {
  return allInputTokens(u) + (u.outputTokens ?? 0);
}

export function tokenCost(u: UsageEvent, price: ModelPrice): number {
  return (
    ((u.inputTokens ?? 0) * price.input +
      (u.outputTokens ?? 0) * price.output +
      (u.cachedInputTokens ?? 0) * price.cacheRead +
      (u.cacheWriteTokens ?? 0) * price.cacheWrite) *
    PER_TOKEN
  );
}

export function priceUsage(event: UsageEvent, sessionModel: string | undefined, table: PriceTable): UsageEvent {
  const { costUsd, costSource, ...rest } = event;
  const spent = spentTokens(event);
  const ownFigure = costUsd !== undefined && (costUsd > 0 || spent === 0);
  const price = lookupPrice(event.model ?? sessionModel, table);
  const window = rest.contextWindow ?? (price === "unknown" ? undefined : price.contextWindow);
  const out: UsageEvent = { ...rest, ...(window !== undefined ? { contextWindow: window } : {}) };
  if (ownFigure) return { ...out, costUsd, costSource: costSource ?? "harness" };
  if (price === "unknown") return out;
  return { ...out, costUsd: tokenCost(event, price), costSource: "price-table" };
}
