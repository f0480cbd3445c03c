/**
 * pi's usage → the normalized usage event. Each assistant message_end carries that request's
 * usage: input (without cache reads and writes), output, cacheRead, cacheWrite and cost.total,
 * which pi works out from its model config (0 for a model whose config gives no cost: the server
 * prices those tokens from its table instead). The request's own tokens are the context in use.
 */
import type { JsonObject } from "../../core/decoder.js";
import type { UsageEvent } from "../../core/events.js";
import { num, obj, str } from "../decoding/record-fields.js";
import { usageEvent } from "../decoding/usage-event.js";

export function piMessageUsage(message: JsonObject): UsageEvent | undefined {
  const u = obj(message.usage);
  if (!u) return undefined;
  const input = num(u.input);
  const output = num(u.output);
  const cacheRead = num(u.cacheRead);
  const cacheWrite = num(u.cacheWrite);
  const parts = [input, output, cacheRead, cacheWrite];
  const context = parts.some((p) => p !== undefined)
    ? parts.reduce<number>((a, p) => a + (p ?? 0), 0)
    : num(u.totalTokens);
  const cost = num(obj(u.cost)?.total);
  return usageEvent({
    inputTokens: input,
    outputTokens: output,
    cachedInputTokens: cacheRead,
    cacheWriteTokens: cacheWrite,
    // The model that answered, as the response named it, else the one pi asked for.
    model: str(message.responseModel) ?? str(message.model),
    contextTokens: context,
    ...(cost !== undefined ? { costUsd: cost, costSource: "harness" as const } : {}),
  });
}
