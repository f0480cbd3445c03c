/**
 * claude's usage → the normalized usage event. A `result` carries the turn's tokens (input_tokens
 * excludes cache reads and writes, Anthropic's convention, so it maps as it is) and
 * total_cost_usd, which is the process's running total: a stream-json session of several turns
 * reports it growing, so each result's share is its increase. The context in use is the latest
 * assistant message's own usage (what that request sent and got back); the window is modelUsage's
 * for the model.
 */
import type { JsonObject } from "../../core/decoder.js";
import type { UsageEvent } from "../../core/events.js";
import { modelKey } from "../../core/usage/price-lookup.js";
import { RunningTotal } from "../../core/usage/running-total.js";
import { num, obj, str } from "../decoding/record-fields.js";
import { usageEvent } from "../decoding/usage-event.js";

export class ClaudeUsage {
  private readonly cost = new RunningTotal();
  private model: string | undefined;
  private context: number | undefined;

  /** The session's model, from its init record. */
  init(model: string | undefined): void {
    if (model !== undefined) this.model = model;
  }

  /** An assistant message: its usage is the context of the request that made it. */
  assistant(message: JsonObject | undefined): void {
    const model = str(message?.model);
    if (model !== undefined && model !== "<synthetic>") this.model = model;
    const u = obj(message?.usage);
    if (!u) return;
    const parts = [u.input_tokens, u.cache_read_input_tokens, u.cache_creation_input_tokens, u.output_tokens].map(num);
    if (parts.every((p) => p === undefined)) return;
    this.context = parts.reduce<number>((a, p) => a + (p ?? 0), 0);
  }

  result(record: JsonObject): UsageEvent | undefined {
    const usage = obj(record.usage);
    const total = num(record.total_cost_usd);
    if (!usage && total === undefined) return undefined;
    const perModel = this.modelUsage(obj(record.modelUsage));
    return usageEvent({
      inputTokens: num(usage?.input_tokens),
      outputTokens: num(usage?.output_tokens),
      cachedInputTokens: num(usage?.cache_read_input_tokens),
      cacheWriteTokens: num(usage?.cache_creation_input_tokens),
      model: this.model,
      contextTokens: this.context,
      contextWindow: num(perModel?.contextWindow),
      ...(total !== undefined ? { costUsd: this.cost.share(total), costSource: "harness" as const } : {}),
    });
  }

  /** modelUsage's entry for the session's model, which it may key with a variant (claude-opus-5[1m]). */
  private modelUsage(byModel: JsonObject | undefined): JsonObject | undefined {
    if (!byModel || this.model === undefined) return undefined;
    const want = modelKey(this.model);
    const key =
      Object.keys(byModel).find((k) => k === this.model) ?? Object.keys(byModel).find((k) => modelKey(k) === want);
    return key === undefined ? undefined : obj(byModel[key]);
  }
}
