/**
 * The one price table: USD per million tokens, per model, at the vendors' standard tier (no batch,
 * no priority, no long-context surcharge, no regional uplift). Change prices here and only here.
 *
 * Sources, read 2026-12-03 (stored copies of the pages):
 * - Anthropic: https://platform.claude.com/docs/en/about-claude/pricing ("Model pricing": base
 *   input, 5-minute cache writes, cache hits, output) and each model's overview page
 *   (https://platform.claude.com/docs/en/models/<model>/overview) for the 5.x models and their
 *   context windows. Cache writes are priced at the 5-minute rate, the one claude's prompt caching
 *   uses unless asked for an hour. Haiku 5.5 is priced by prompt length, which a usage record does
 *   not say per request, so it has no row (unknown rather than wrong).
 * - OpenAI: https://developers.openai.com/api/docs/pricing (standard tier) and each model's page
 *   (https://developers.openai.com/api/docs/models/<model>): input, cached input, output, context
 *   window. The gpt-5.2 to 5.5 rows were read from summaries of that page dated 2026-05 and 2026-06.
 *   OpenAI bills no cache writes.
 *
 * A model missing here has no price: its cost reads "unknown", never $0.
 */

export interface ModelPrice {
  /** USD per million input tokens billed at the full rate. */
  readonly input: number;
  readonly output: number;
  /** USD per million input tokens read from the prompt cache. */
  readonly cacheRead: number;
  /** USD per million input tokens written to the prompt cache. */
  readonly cacheWrite: number;
  /** The model's context window in tokens, where its vendor's page states it. */
  readonly contextWindow?: number;
}

export const PRICES_READ_ON = "2026-12-03";

const M = 1_000_000;
const fable51: ModelPrice = { input: 10, output: 50, cacheRead: 0.25, cacheWrite: 12.5, contextWindow: M };
const fable5: ModelPrice = { input: 10, output: 50, cacheRead: 1, cacheWrite: 12.5, contextWindow: M };
const opus55: ModelPrice = { input: 4, output: 20, cacheRead: 0.2, cacheWrite: 5, contextWindow: M };
const opus5: ModelPrice = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25, contextWindow: M };
const opus4x: ModelPrice = { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 };
const opus45: ModelPrice = { ...opus4x, contextWindow: 200_000 };
const opus41: ModelPrice = { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75, contextWindow: 200_000 };
const sonnet5: ModelPrice = { input: 2, output: 10, cacheRead: 0.2, cacheWrite: 2.5, contextWindow: M };
const sonnet4: ModelPrice = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextWindow: 200_000 };
const haiku45: ModelPrice = { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25, contextWindow: 200_000 };
const haiku35: ModelPrice = { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1, contextWindow: 200_000 };
const gpt55: ModelPrice = { input: 5, output: 30, cacheRead: 0.5, cacheWrite: 0, contextWindow: M };
const gpt54: ModelPrice = { input: 2.5, output: 15, cacheRead: 0.25, cacheWrite: 0, contextWindow: M };
const gpt54mini: ModelPrice = { input: 0.75, output: 4.5, cacheRead: 0.075, cacheWrite: 0, contextWindow: M };
const gpt52: ModelPrice = { input: 1.75, output: 14, cacheRead: 0.175, cacheWrite: 0 };
const gpt5: ModelPrice = { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0, contextWindow: 400_000 };
const gpt5mini: ModelPrice = { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0, contextWindow: 400_000 };
const gpt41: ModelPrice = { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0, contextWindow: 1_047_576 };

/** Model ids as the vendors' APIs spell them, without a date suffix (price-lookup.ts strips one). */
export const MODEL_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-fable-5-1": fable51,
  "claude-fable-5": fable5,
  "claude-opus-5-5": opus55,
  "claude-opus-5": opus5,
  "claude-opus-4-8": opus4x,
  "claude-opus-4-7": opus4x,
  "claude-opus-4-6": opus4x,
  "claude-opus-4-5": opus45,
  "claude-opus-4-1": opus41,
  "claude-opus-4": opus41,
  "claude-sonnet-5-5": sonnet5,
  "claude-sonnet-5": sonnet5,
  "claude-sonnet-4-6": sonnet4,
  "claude-sonnet-4-5": sonnet4,
  "claude-sonnet-4": sonnet4,
  "claude-haiku-4-5": haiku45,
  "claude-3-5-haiku": haiku35,
  "gpt-5.5": gpt55,
  "gpt-5.4": gpt54,
  "gpt-5.4-mini": gpt54mini,
  "gpt-5.3-codex": gpt52,
  "gpt-5.2-codex": gpt52,
  "gpt-5.2": gpt52,
  "gpt-5.1-codex-max": gpt5,
  "gpt-5.1-codex": gpt5,
  "gpt-5.1": gpt5,
  "gpt-5-codex": gpt5,
  "gpt-5": gpt5,
  "gpt-5-mini": gpt5mini,
  "gpt-4.1": gpt41,
};
