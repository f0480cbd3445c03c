/**
 * Codex wording beyond the shared set (docs/harness-facts.md#codex-failures): the login prompt. A 401 is classed by its status and the shared "invalid x-api-key" wording ("unexpected status 401 Unauthorized: invalid x-api-key", test/unit/decode/captures/codex-0.171.0/fail-401).
 * Placed before core/classify.ts SHARED_MATCHERS (first match wins); the decoder, the registry
 * and the descriptor's limit/auth facts all read this one object.
 */
import type { MatcherSet } from "../../core/classify.js";

export const CODEX_MATCHERS: Partial<MatcherSet> = {
  auth: [
    {
      pattern: "run codex login|codex login",
      kind: "not-logged-in",
      hint: "run `codex login` (or set OPENAI_API_KEY)",
    },
  ],
};
