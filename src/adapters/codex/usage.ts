/**
 * codex's token counts → the normalized usage event. codex counts cached input inside
 * input_tokens (OpenAI's convention), so the input billed at the full rate is the difference.
 * codex reports no cost; the server prices the tokens for the session's model.
 *
 * - exec's turn.completed carries the turn's usage.
 * - app-server's thread/tokenUsage/updated carries `last` (the latest request's) and `total` (the
 *   thread's running total) and is sent again with nothing new (a rate-limit refresh), so each
 *   update's share is the increase of `total`; the first one counts `last` only, since a resumed
 *   thread's total already holds what earlier runs spent. The context in use is `last`'s tokens.
 */
import type { JsonObject } from "../../core/decoder.js";
import type { UsageEvent } from "../../core/events.js";
import { num, obj } from "../decoding/record-fields.js";
import { less, usageEvent } from "../decoding/usage-event.js";

export function execTurnUsage(usage: JsonObject): UsageEvent {
  const cached = num(usage.cached_input_tokens);
  return usageEvent({
    inputTokens: less(num(usage.input_tokens), cached),
    outputTokens: num(usage.output_tokens),
    cachedInputTokens: cached,
    cacheWriteTokens: num(usage.cache_write_input_tokens),
  });
}

interface Breakdown {
  readonly input: number;
  readonly cached: number;
  readonly cacheWrite: number;
  readonly output: number;
}

function breakdown(value: unknown): Breakdown | undefined {
  const b = obj(value);
  if (!b) return undefined;
  const n = (v: unknown) => num(v) ?? 0;
  return {
    input: n(b.inputTokens),
    cached: n(b.cachedInputTokens),
    cacheWrite: n(b.cacheWriteInputTokens),
    output: n(b.outputTokens),
  };
}

export class AppServerUsage {
  private total: Breakdown | undefined;

  update(tokenUsage: JsonObject | undefined): UsageEvent | undefined {
    const total = breakdown(tokenUsage?.total);
    const last = breakdown(tokenUsage?.last);
    const before = this.total;
    if (total) this.total = total;
    const share: Breakdown | undefined =
      before && total
        ? {
            input: Math.max(0, total.input - before.input),
            cached: Math.max(0, total.cached - before.cached),
            cacheWrite: Math.max(0, total.cacheWrite - before.cacheWrite),
            output: Math.max(0, total.output - before.output),
          }
        : last;
    if (!share) return undefined;
    const lastObj = obj(tokenUsage?.last);
    return usageEvent({
      inputTokens: Math.max(0, share.input - share.cached),
      outputTokens: share.output,
      cachedInputTokens: share.cached,
      cacheWriteTokens: share.cacheWrite,
      contextTokens: num(lastObj?.totalTokens),
      contextWindow: num(tokenUsage?.modelContextWindow),
    });
  }
}
