import { describe, expect, it } from "vitest";
import type { Conversation } from "../../../src/scripted-model/conversation.js";
import { UsageEstimator } from "../../../src/scripted-model/usage-estimate.js";

const conv = (protocol: Conversation["protocol"], first = "do it"): Conversation => ({
  protocol,
  model: "claude-sonnet-4-5",
  stream: true,
  lastUserText: first,
  earlierTexts: [],
  assistantTexts: [],
  toolRounds: 0,
  latestToolResults: [],
  tools: [],
});

describe("the scripted model's unscripted usage", () => {
  it("is sized from the request and the reply, about four characters a token", () => {
    const u = new UsageEstimator().estimate(conv("responses"), 40_000, 400);
    expect(u).toEqual({ input: 10_000, output: 100, cachedInput: 0, cacheWrite: 0 });
  });

  it("a later request of the same conversation reads the earlier prompt from the cache", () => {
    const e = new UsageEstimator();
    e.estimate(conv("chat"), 40_000, 400);
    expect(e.estimate(conv("chat"), 48_000, 40)).toEqual({
      input: 2000,
      output: 10,
      cachedInput: 10_000,
      cacheWrite: 0,
    });
    // Another conversation starts cold.
    expect(e.estimate(conv("chat", "something else"), 4000, 4).cachedInput).toBe(0);
  });

  it("on the Anthropic wire the new part of the prompt is a cache write, as claude asks for caching", () => {
    const e = new UsageEstimator();
    expect(e.estimate(conv("anthropic"), 40_000, 4)).toEqual({
      input: 0,
      output: 1,
      cachedInput: 0,
      cacheWrite: 10_000,
    });
    expect(e.estimate(conv("anthropic"), 44_000, 4)).toMatchObject({ cachedInput: 10_000, cacheWrite: 1000 });
  });
});
