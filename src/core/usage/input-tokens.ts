/**
 * "Tokens in", as every view shows it: every input token the model read, at whichever rate it was
 * billed (full, read from the prompt cache, written to it). Claude bills most of a turn's input as
 * cache tokens, so its full-rate count alone read 0 beside a non-zero cost.
 */
export interface InputTokenCounts {
  readonly inputTokens?: number | null;
  readonly cachedInputTokens?: number | null;
  readonly cacheWriteTokens?: number | null;
}

export function allInputTokens(u: InputTokenCounts): number {
  return (u.inputTokens ?? 0) + (u.cachedInputTokens ?? 0) + (u.cacheWriteTokens ?? 0);
}
