import { describe, expect, it } from "vitest";
import type { UsageEvent } from "../../../src/core/events.js";
import { formatContext, formatCost, formatUsd } from "../../../src/core/usage/format.js";
import { priceUsage } from "../../../src/core/usage/price-usage.js";
import { MODEL_PRICES } from "../../../src/core/usage/prices.js";
import { RunningTotal } from "../../../src/core/usage/running-total.js";
import { addUsage, knownCost, NO_USAGE, sumUsage } from "../../../src/core/usage/totals.js";

const u = (fields: Omit<UsageEvent, "kind">): UsageEvent => ({ kind: "usage", ...fields });

describe("pricing a usage record", () => {
  it("prices each kind of token at its own rate for the model the record names", () => {
    const priced = priceUsage(
      u({
        model: "claude-sonnet-4-5",
        inputTokens: 1000,
        outputTokens: 200,
        cachedInputTokens: 10_000,
        cacheWriteTokens: 2000,
      }),
      undefined,
      MODEL_PRICES,
    );
    // 1000×3 + 200×15 + 10000×0.30 + 2000×3.75 per million
    expect(priced.costUsd).toBeCloseTo((3000 + 3000 + 3000 + 7500) / 1e6, 12);
    expect(priced.costSource).toBe("price-table");
    expect(priced.contextWindow).toBe(200_000);
  });

  it("falls back to the session's model when the record names none", () => {
    const priced = priceUsage(u({ inputTokens: 1_000_000 }), "gpt-5.1-codex", MODEL_PRICES);
    expect(priced.costUsd).toBeCloseTo(1.25, 12);
  });

  it("keeps the harness's own figure when it has one", () => {
    const priced = priceUsage(
      u({ model: "claude-sonnet-4-5", inputTokens: 10, costUsd: 0.5 }),
      undefined,
      MODEL_PRICES,
    );
    expect(priced).toMatchObject({ costUsd: 0.5, costSource: "harness" });
  });

  it("leaves the cost unknown for a model without a price, even when the harness said 0", () => {
    const priced = priceUsage(u({ model: "hmux-model", inputTokens: 10, costUsd: 0 }), undefined, MODEL_PRICES);
    expect(priced.costUsd).toBeUndefined();
    expect(priced.costSource).toBeUndefined();
  });

  it("a harness's 0 for tokens it spent is priced from the table instead", () => {
    const priced = priceUsage(u({ model: "gpt-5", outputTokens: 100, costUsd: 0 }), undefined, MODEL_PRICES);
    expect(priced).toMatchObject({ costUsd: 0.001, costSource: "price-table" });
  });
});

describe("usage totals", () => {
  it("add tokens and costs, and keep the latest context reading", () => {
    let t = addUsage(
      NO_USAGE,
      u({ inputTokens: 5, outputTokens: 2, costUsd: 0.01, contextTokens: 100, contextWindow: 1000 }),
    );
    t = addUsage(t, u({ inputTokens: 7, cachedInputTokens: 3, costUsd: 0.02, contextTokens: 300 }));
    expect(t).toMatchObject({
      records: 2,
      inputTokens: 12,
      outputTokens: 2,
      cachedInputTokens: 3,
      contextTokens: 300,
      contextWindow: 1000,
    });
    expect(knownCost(t)).toBeCloseTo(0.03, 12);
    expect(formatContext(t)).toBe("ctx 300/1.0k 30%");
  });

  it("read unknown, not a lower figure, once any record that spent tokens had no cost", () => {
    let t = addUsage(NO_USAGE, u({ inputTokens: 5, costUsd: 0.01 }));
    t = addUsage(t, u({ inputTokens: 5 }));
    expect(knownCost(t)).toBe("unknown");
    expect(formatCost(t)).toBe("unknown");
    expect(formatCost(sumUsage([t, addUsage(NO_USAGE, u({ inputTokens: 1, costUsd: 1 }))]))).toBe("unknown");
  });

  it("show nothing before any record, and never $0.000 for an unpriced one", () => {
    expect(formatCost(NO_USAGE)).toBe("");
    expect(formatCost(addUsage(NO_USAGE, u({ outputTokens: 3 })))).toBe("unknown");
  });

  it("spell small costs with the digits that tell them from nothing", () => {
    expect(formatUsd(0.0004)).toBe("$0.00040");
    expect(formatUsd(0.000012)).toBe("$0.000012");
    expect(formatUsd(0.0123)).toBe("$0.0123");
    expect(formatUsd(2.5)).toBe("$2.50");
  });
});

describe("a running total", () => {
  it("gives each report its increase, and starts over when the total went down", () => {
    const r = new RunningTotal();
    expect(r.share(0.1)).toBeCloseTo(0.1, 12);
    expect(r.share(0.25)).toBeCloseTo(0.15, 12);
    expect(r.share(0.25)).toBe(0);
    expect(r.share(0.05)).toBeCloseTo(0.05, 12);
  });
});
