/**
 * Codex wording beyond the shared set (docs/harness-facts.md#codex-failures): the login prompt. A 401 is classed by its status and the shared "invalid x-api-key" wording ("unexpected status 401 Unauthorized: invalid x-api-key", test/unit/decode/captures/codex-0.171.0/fail-401).
 * Placed before core/classify.ts SHARED_MATCHERS (first match wins); the decoder, the registry
 * and the descriptor's limit/auth facts all read this one object.
 */
import type { MatcherSet } from "../../core/classify.js";
import type { SafetyNoticePattern } from "../decoding/safety-notice.js";

export const CODEX_MATCHERS: Partial<MatcherSet> = {
  auth: [
    {
      pattern: "run codex login|codex login",
      kind: "not-logged-in",
      hint: "run `codex login` (or set OPENAI_API_KEY)",
    },
  ],
};

/**
 * codex notices that change its sandbox. On a machine without bubblewrap, codex 0.171.0 says on
 * stderr (and as a configWarning) "Codex could not find bubblewrap on PATH … Codex will use the
 * bundled bubblewrap in the meantime": the sandbox asked for is then not the system's, and it is
 * the user's to know (docs/harness-facts.md#codex-app-server).
 */
export const CODEX_SAFETY_NOTICES: readonly SafetyNoticePattern[] = [
  {
    pattern: "could not find bubblewrap on PATH",
    // The setting's own name, as the launch's settings rows show it, so the two meet in the inspector.
    key: "codex.sandbox",
    runs: "codex's bundled bubblewrap (no bubblewrap on PATH; codex asks for the OS package)",
    unaffected: ["danger-full-access"],
  },
];
