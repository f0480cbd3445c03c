/**
 * pi wording beyond the shared set (live-drive.md §4, shared/fixtures/hcn/harnesses/pi-noauth.stderr). A "401 invalid x-api-key" errorMessage is classed by its leading status and the shared invalid-key wording.
 * Placed before core/classify.ts SHARED_MATCHERS (first match wins); the decoder, the registry
 * and the descriptor's limit/auth facts all read this one object.
 */
import type { MatcherSet } from "../../core/classify.js";

export const PI_MATCHERS: Partial<MatcherSet> = {
  auth: [{ pattern: "No API key found for", kind: "not-logged-in" }],
  // pi 0.73.1 reports a connection cut mid-response as the bare fetch error "terminated"
  // (captured against the scripted model, test/unit/decode/captures/pi-0.73.1/fail-drop).
  transport: [{ pattern: "^terminated$" }],
};
