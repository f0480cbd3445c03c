import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import {
  renderDivergenceLine,
  renderProvenanceLine,
  renderResolution,
} from "../../../src/core/options/render-provenance.js";
import { resolveTurnOptions } from "../../../src/core/options/resolve.js";
import { config } from "./helpers.js";

describe("provenance lines", () => {
  it("a config value prints as JSON with its tier", () => {
    expect(renderProvenanceLine({ key: "effort", value: "high", tier: "user-config" })).toBe(
      'provenance: effort = "high" (user-config)',
    );
  });

  it("a setting left to the harness prints as its native default", () => {
    expect(renderProvenanceLine({ key: "memory", value: undefined, tier: "harness" })).toBe(
      "provenance: memory = native default (harness)",
    );
  });

  it("a divergence names the tier, the key, the harness and the consequence", () => {
    expect(
      renderDivergenceLine({
        key: "memory",
        value: false,
        tier: "profile",
        reason: "not expressible on muse; harness default applies",
      }),
    ).toBe('divergence: profile "memory" not expressible on muse; harness default applies');
  });

  it("a resolution renders its provenance lines in setting order, then its divergences", () => {
    const r = resolveTurnOptions({
      harness: "pi",
      expresses: ["effort", "discovery", "autonomy"],
      mode: "launch",
      args: {},
      user: config({ effort: "high" }),
    });
    expect(renderResolution(r)).toEqual([
      'provenance: effort = "high" (user-config)',
      "provenance: autonomy = false (profile)",
      "provenance: memory = native default (harness)",
      "provenance: discovery.tools = true (profile)",
      "provenance: discovery.instructionFiles = true (profile)",
      "provenance: discovery.extensions = true (profile)",
      "provenance: discovery.skills = true (profile)",
      "provenance: escalateQuestions = true (default)",
      'divergence: profile "memory" not expressible on pi; harness default applies',
    ]);
  });

  it("a harness's own setting prints under <harness>.<key>, its profile value from the module", () => {
    const r = resolveTurnOptions({
      harness: "codex",
      expresses: [],
      mode: "launch",
      args: { harnessOptions: { codex: { sandbox: "read-only" } } },
      harnessSettings: builtinRegistry.get("codex").options,
    });
    expect(renderResolution(r)).toEqual(
      expect.arrayContaining([
        "provenance: codex.contextWindow = 272000 (profile)",
        'provenance: codex.sandbox = "read-only" (arg)',
      ]),
    );
  });
});
