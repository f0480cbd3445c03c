import { describe, expect, it } from "vitest";
import { lookupPrice, modelKey } from "../../../src/core/usage/price-lookup.js";
import { MODEL_PRICES } from "../../../src/core/usage/prices.js";

describe("the price lookup", () => {
  it("finds a model by the id its vendor's API spells", () => {
    expect(lookupPrice("claude-sonnet-4-5", MODEL_PRICES)).toMatchObject({ input: 3, output: 15 });
    expect(lookupPrice("gpt-5.1-codex", MODEL_PRICES)).toMatchObject({ input: 1.25, cacheRead: 0.125 });
  });

  it("reads a provider prefix, a date suffix and a context variant as the model they name", () => {
    expect(modelKey("anthropic/claude-haiku-4-5-20251001")).toBe("claude-haiku-4-5");
    expect(modelKey("gpt-4.1-2025-04-14")).toBe("gpt-4.1");
    expect(modelKey("claude-opus-5[1m]")).toBe("claude-opus-5");
    expect(lookupPrice("Claude-Opus-5[1m]", MODEL_PRICES)).toBe(MODEL_PRICES["claude-opus-5"]);
  });

  it("says unknown for a model the table lacks, for no model, and for a name like an object's key", () => {
    expect(lookupPrice("hmux-model", MODEL_PRICES)).toBe("unknown");
    expect(lookupPrice("claude-sonnet-9", MODEL_PRICES)).toBe("unknown");
    expect(lookupPrice(undefined, MODEL_PRICES)).toBe("unknown");
    expect(lookupPrice("  ", MODEL_PRICES)).toBe("unknown");
    expect(lookupPrice("constructor", MODEL_PRICES)).toBe("unknown");
  });

  it("every price in the table is a positive figure, output dearer than input, cache reads cheaper", () => {
    for (const [model, p] of Object.entries(MODEL_PRICES)) {
      expect(p.input, model).toBeGreaterThan(0);
      expect(p.output, model).toBeGreaterThan(p.input);
      expect(p.cacheRead, model).toBeLessThan(p.input);
      if (p.contextWindow !== undefined) expect(p.contextWindow, model).toBeGreaterThanOrEqual(100_000);
    }
  });
});
