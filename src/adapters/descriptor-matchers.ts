/**
 * The descriptors' limit/auth matcher facts ARE the wording the decoders classify with: the
 * shared set in core/classify.ts (SHARED_MATCHERS) with each harness's extras first, in the
 * order the first match wins. Deriving them here keeps one source, so a descriptor can never
 * list a pattern (or an order) the classifier does not use. Flags default to "i" exactly as
 * the classifier compiles them.
 */
import { type MatcherSet, withExtras } from "../core/classify.js";
import type { AuthMatcher, LimitMatcher } from "../core/descriptor.js";

export interface DescriptorMatchers {
  readonly limit: readonly LimitMatcher[];
  readonly auth: readonly AuthMatcher[];
}

export function descriptorMatchers(extras: Partial<MatcherSet> = {}): DescriptorMatchers {
  const set = withExtras(extras);
  return {
    limit: set.limit.map((m) => ({ pattern: m.pattern, flags: m.flags ?? "i", code: m.code })),
    auth: set.auth.map((m) => ({ pattern: m.pattern, flags: m.flags ?? "i", kind: m.kind })),
  };
}
