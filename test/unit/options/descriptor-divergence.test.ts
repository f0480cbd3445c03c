/** Resolution over the real descriptors' `expresses`: the divergences a bare launch reports (docs/harness-facts.md#reference-launch-profile). */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { renderDivergenceLine } from "../../../src/core/options/render-provenance.js";
import { resolveTurnOptions } from "../../../src/core/options/resolve.js";
import {
  DESCRIPTORS,
  BUILTIN_NAMES as HARNESS_NAMES,
  type BuiltinHarness as HarnessName,
} from "../../helpers/builtin-harnesses.js";

function bareLaunch(harness: HarnessName) {
  return resolveTurnOptions({
    harness,
    expresses: DESCRIPTORS[harness].expresses,
    mode: "launch",
    args: {},
    harnessSettings: builtinRegistry.get(harness).options,
  });
}

describe("bare launch divergence on the real descriptors", () => {
  it("pi expresses the whole profile: codex's sandbox is codex's own, so nothing diverges", () => {
    expect(bareLaunch("pi").divergence.map(renderDivergenceLine)).toEqual([]);
  });

  it("codex expresses the whole profile: its own sandbox and context window render, nothing diverges", () => {
    const r = bareLaunch("codex");
    expect(r.divergence).toEqual([]);
    expect(r.options).toMatchObject({
      effort: "medium",
      harnessOptions: { codex: { contextWindow: 272000, sandbox: "workspace-write" } },
    });
  });

  it("codex's own profile settings are nobody else's to diverge from", () => {
    for (const h of HARNESS_NAMES.filter((n) => n !== "codex")) {
      const keys = bareLaunch(h).divergence.map((d) => d.key);
      expect(keys.some((k) => k.includes("sandbox") || k.includes("contextWindow"))).toBe(false);
      expect(bareLaunch(h).options.harnessOptions).toBeUndefined();
    }
  });

  it("profile effort diverges on cursor (per-family ladders); profile memory off diverges on muse", () => {
    expect(bareLaunch("cursor").divergence.map((d) => d.key)).toContain("effort");
    expect(bareLaunch("muse").divergence.map((d) => d.key)).toContain("memory");
  });

  it("no bare launch refuses, on any harness", () => {
    for (const h of HARNESS_NAMES) expect(() => bareLaunch(h)).not.toThrow();
  });
});
