/**
 * The descriptors' limit/auth matcher facts and the classifier read one source: core/classify.ts
 * SHARED_MATCHERS behind each harness's extras. A descriptor can therefore neither list a pattern
 * the decoder does not use nor order them differently (first match wins in both).
 */
import { describe, expect, it } from "vitest";
import { allAdapters } from "../../../src/adapters/registry.js";
import { SHARED_MATCHERS } from "../../../src/core/classify.js";

const CODEX_401 = "unexpected status 401 Unauthorized: invalid x-api-key, url: http://127.0.0.1:PORT/v1/responses";

function firstMatch<T extends { pattern: string; flags: string }>(specs: readonly T[], text: string): T | undefined {
  return specs.find((m) => new RegExp(m.pattern, m.flags).test(text));
}

describe("descriptor matcher facts are the classifier's data", () => {
  for (const adapter of allAdapters()) {
    const d = adapter.descriptor;
    it(`${d.name}: limit and auth matchers equal, in order, the set its decoder classifies with`, () => {
      expect(d.limitMatchers.value).toEqual(
        adapter.matchers.limit.map((m) => ({ pattern: m.pattern, flags: m.flags ?? "i", code: m.code })),
      );
      expect(d.authMatchers.value).toEqual(
        adapter.matchers.auth.map((m) => ({ pattern: m.pattern, flags: m.flags ?? "i", kind: m.kind })),
      );
    });

    it(`${d.name}: every shared matcher appears exactly once, after the harness's own wording`, () => {
      const shared = SHARED_MATCHERS.auth.map((m) => m.pattern);
      const auth = d.authMatchers.value.map((m) => m.pattern);
      expect(auth.slice(auth.length - shared.length)).toEqual(shared);
      expect(new Set(auth).size).toBe(auth.length);
    });

    it(`${d.name}: the first matching auth fact for "401 Unauthorized: invalid x-api-key" is invalid-key`, () => {
      expect(firstMatch(d.authMatchers.value, CODEX_401)?.kind).toBe("invalid-key");
    });

    it(`${d.name}: matcher facts keep their evidence labels`, () => {
      for (const f of [d.limitMatchers, d.authMatchers]) {
        expect(f.evidence.ref.length).toBeGreaterThan(5);
        expect(f.evidence.version).not.toBe("");
      }
    });
  }
});
