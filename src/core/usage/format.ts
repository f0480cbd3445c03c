/**
 * One spelling of a cost and a context reading for every screen (pane header, rail, hmux ls, the
 * race scorecard). Below $1 at least 4 decimals and 2 significant digits however small ($0.0004,
 * $0.000012), so a cost is never mistaken for nothing; cents from $1 up.
 */
import { knownCost, type UsageTotals } from "./totals.js";

export function formatUsd(usd: number): string {
  if (usd === 0) return "$0";
  if (usd >= 1) return `$${usd.toFixed(2)}`;
  const decimals = Math.min(12, Math.max(4, 1 - Math.floor(Math.log10(usd))));
  return `$${usd.toFixed(decimals)}`;
}

/** "$0.012", "unknown", or "" while nothing was reported. */
export function formatCost(t: UsageTotals): string {
  const cost = knownCost(t);
  return cost === null ? "" : cost === "unknown" ? "unknown" : formatUsd(cost);
}

export function compactTokens(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** "ctx 12k/200k 6%", "ctx 12k", or "" when no reading came. */
export function formatContext(t: UsageTotals): string {
  if (t.contextTokens === null) return "";
  if (t.contextWindow === null || t.contextWindow <= 0) return `ctx ${compactTokens(t.contextTokens)}`;
  const pct = Math.round((100 * t.contextTokens) / t.contextWindow);
  return `ctx ${compactTokens(t.contextTokens)}/${compactTokens(t.contextWindow)} ${pct}%`;
}
