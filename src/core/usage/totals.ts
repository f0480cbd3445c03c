/**
 * A session's (or a race contestant's) usage so far: the records' tokens and costs added up, the
 * latest context reading kept. The cost is known only while every record that spent tokens had
 * one; one that had none makes the total "unknown" (`unpriced` counts them), never a low $ figure.
 */
import type { UsageEvent } from "../events.js";
import { spentTokens } from "./price-usage.js";

export interface UsageTotals {
  /** Usage records seen: 0 means the harness has reported nothing yet. */
  readonly records: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cachedInputTokens: number;
  readonly cacheWriteTokens: number;
  /** USD over the records that had a cost; null while none had. */
  readonly costUsd: number | null;
  /** Records that spent tokens and had no cost: while any did, the cost is unknown. */
  readonly unpriced: number;
  readonly contextTokens: number | null;
  readonly contextWindow: number | null;
  /** The model the latest record named. */
  readonly model: string | null;
}

export const NO_USAGE: UsageTotals = {
  records: 0,
  inputTokens: 0,
  outputTokens: 0,
  cachedInputTokens: 0,
  cacheWriteTokens: 0,
  costUsd: null,
  unpriced: 0,
  contextTokens: null,
  contextWindow: null,
  model: null,
};

export function addUsage(t: UsageTotals, u: UsageEvent): UsageTotals {
  const unpriced = u.costUsd === undefined && spentTokens(u) > 0;
  return {
    records: t.records + 1,
    inputTokens: t.inputTokens + (u.inputTokens ?? 0),
    outputTokens: t.outputTokens + (u.outputTokens ?? 0),
    cachedInputTokens: t.cachedInputTokens + (u.cachedInputTokens ?? 0),
    cacheWriteTokens: t.cacheWriteTokens + (u.cacheWriteTokens ?? 0),
    costUsd: u.costUsd === undefined ? t.costUsd : (t.costUsd ?? 0) + u.costUsd,
    unpriced: t.unpriced + (unpriced ? 1 : 0),
    contextTokens: u.contextTokens ?? t.contextTokens,
    contextWindow: u.contextWindow ?? t.contextWindow,
    model: u.model ?? t.model,
  };
}

/** The cost a total stands for: a figure only when every record that spent tokens had one; null: nothing spent. */
export function knownCost(t: UsageTotals): number | "unknown" | null {
  if (t.unpriced > 0) return "unknown";
  return t.costUsd;
}

/** Several totals as one (the rail's, a race's): unknown if any part is. */
export function sumUsage(all: readonly UsageTotals[]): UsageTotals {
  return all.reduce(
    (a, t) => ({
      records: a.records + t.records,
      inputTokens: a.inputTokens + t.inputTokens,
      outputTokens: a.outputTokens + t.outputTokens,
      cachedInputTokens: a.cachedInputTokens + t.cachedInputTokens,
      cacheWriteTokens: a.cacheWriteTokens + t.cacheWriteTokens,
      costUsd: t.costUsd === null ? a.costUsd : (a.costUsd ?? 0) + t.costUsd,
      unpriced: a.unpriced + t.unpriced,
      contextTokens: null,
      contextWindow: null,
      model: null,
    }),
    NO_USAGE,
  );
}
