/**
 * Cursor CLI wording beyond the shared set (https://cursor.com/docs/cli/reference/parameters: "Authentication required. Please run 'agent login'").
 * Placed before core/classify.ts SHARED_MATCHERS (first match wins); the decoder, the registry
 * and the descriptor's limit/auth facts all read this one object.
 */
import type { MatcherSet } from "../../core/classify.js";

export const CURSOR_MATCHERS: Partial<MatcherSet> = {
  auth: [{ pattern: "agent login|not authenticated|authentication required", kind: "not-logged-in" }],
};
