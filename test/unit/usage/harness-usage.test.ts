/** Each harness's own usage records map to the one usage event (core/events.ts UsageEvent). */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AppServerUsage } from "../../../src/adapters/codex/usage.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import { priceUsage } from "../../../src/core/usage/price-usage.js";
import { MODEL_PRICES } from "../../../src/core/usage/prices.js";
import { decodeFile, decodeLines, HCN_FIXTURES } from "../decode/helpers.js";

const usages = (events: readonly HarnessEvent[]) => events.filter((e) => e.kind === "usage");
const fixture = (name: string) => join(HCN_FIXTURES, "harnesses", name);

describe("claude's result", () => {
  it("maps tokens by kind, names the model, reads the context from the last assistant message and the window from modelUsage", () => {
    const [u] = usages(decodeFile("claude", fixture("claude.ndjson"), 0));
    expect(u).toEqual({
      kind: "usage",
      inputTokens: 2,
      outputTokens: 5,
      cachedInputTokens: 16016,
      cacheWriteTokens: 6142,
      model: "claude-opus-5",
      // The last assistant record of the request said 1 output token so far.
      contextTokens: 2 + 16016 + 6142 + 1,
      contextWindow: 1_000_000,
      costUsd: 0.070505,
      costSource: "harness",
    });
  });

  it("gives each turn of one process its share of claude's running cost", () => {
    const init = { type: "system", subtype: "init", session_id: "s1", model: "claude-sonnet-4-5" };
    const result = (cost: number) => ({
      type: "result",
      subtype: "success",
      is_error: false,
      session_id: "s1",
      total_cost_usd: cost,
      usage: { input_tokens: 10, output_tokens: 4, cache_read_input_tokens: 0, cache_creation_input_tokens: 0 },
    });
    const events = decodeLines("claude", [init, result(0.01), init, result(0.025)]);
    expect(usages(events).map((e) => e.costUsd)).toEqual([0.01, expect.closeTo(0.015, 12)]);
  });
});

describe("codex's token counts", () => {
  it("exec's turn.completed: cached input leaves the full-rate input, cache writes kept", () => {
    const [u] = usages(decodeFile("codex", fixture("codex.ndjson"), 0));
    expect(u).toEqual({
      kind: "usage",
      inputTokens: 5203,
      cachedInputTokens: 20224,
      cacheWriteTokens: 0,
      outputTokens: 5,
    });
  });

  it("app-server: each update adds what the thread's total grew by, a repeat adds nothing, the context is the last request's", () => {
    const usage = new AppServerUsage();
    const b = (input: number, cached: number, output: number) => ({
      totalTokens: input + output,
      inputTokens: input,
      cachedInputTokens: cached,
      cacheWriteInputTokens: 0,
      outputTokens: output,
      reasoningOutputTokens: 0,
    });
    // Resumed: the total already holds earlier runs' 9000 tokens; only the latest request counts.
    const first = usage.update({ total: b(9000, 4000, 900), last: b(1000, 400, 100), modelContextWindow: 272_000 });
    expect(first).toEqual({
      kind: "usage",
      inputTokens: 600,
      cachedInputTokens: 400,
      cacheWriteTokens: 0,
      outputTokens: 100,
      contextTokens: 1100,
      contextWindow: 272_000,
    });
    const second = usage.update({
      total: b(11_000, 5000, 1000),
      last: b(2000, 1000, 100),
      modelContextWindow: 272_000,
    });
    expect(second).toMatchObject({
      inputTokens: 1000,
      cachedInputTokens: 1000,
      outputTokens: 100,
      contextTokens: 2100,
    });
    const repeat = usage.update({
      total: b(11_000, 5000, 1000),
      last: b(2000, 1000, 100),
      modelContextWindow: 272_000,
    });
    expect(repeat).toMatchObject({ inputTokens: 0, cachedInputTokens: 0, outputTokens: 0 });
  });

  it("app-server's notification reaches the decoder's events as one usage event", async () => {
    const { AppServerEvents } = await import("../../../src/adapters/codex/app-server-events.js");
    const events = new AppServerEvents().notification("thread/tokenUsage/updated", {
      tokenUsage: {
        total: { totalTokens: 30, inputTokens: 20, cachedInputTokens: 5, cacheWriteInputTokens: 0, outputTokens: 10 },
        last: { totalTokens: 30, inputTokens: 20, cachedInputTokens: 5, cacheWriteInputTokens: 0, outputTokens: 10 },
        modelContextWindow: null,
      },
    }).events;
    expect(events).toEqual([
      {
        kind: "usage",
        inputTokens: 15,
        cachedInputTokens: 5,
        cacheWriteTokens: 0,
        outputTokens: 10,
        contextTokens: 30,
      },
    ]);
  });
});

describe("pi's message usage", () => {
  it("maps each assistant message's usage, model and context; pi's 0 for an unpriced model stays unknown", () => {
    const all = usages(decodeFile("pi", fixture("pi.ndjson"), 0));
    expect(all.length).toBeGreaterThan(0);
    expect(all.at(-1)).toEqual({
      kind: "usage",
      inputTokens: 58,
      outputTokens: 3,
      cachedInputTokens: 13696,
      cacheWriteTokens: 0,
      model: "glm-5.3",
      contextTokens: 58 + 3 + 13696,
      costUsd: 0,
      costSource: "harness",
    });
    expect(priceUsage(all.at(-1)!, undefined, MODEL_PRICES).costUsd).toBeUndefined();
  });

  it("a priced model's tokens get the table's cost when pi's config gave none", () => {
    const events = decodeLines("pi", [
      {
        type: "message_end",
        message: {
          role: "assistant",
          content: [{ type: "text", text: "hi" }],
          model: "gpt-5.1-codex",
          stopReason: "stop",
          usage: { input: 800, output: 200, cacheRead: 1000, cacheWrite: 0, totalTokens: 2000, cost: { total: 0 } },
        },
      },
    ]);
    const [u] = usages(events);
    const priced = priceUsage(u!, undefined, MODEL_PRICES);
    expect(priced.costSource).toBe("price-table");
    expect(priced.costUsd).toBeCloseTo((800 * 1.25 + 200 * 10 + 1000 * 0.125) / 1e6, 12);
  });
});
