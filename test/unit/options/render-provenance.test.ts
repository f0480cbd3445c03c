import { describe, expect, it } from "vitest";
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
    expect(renderProvenanceLine({ key: "sandbox", value: undefined, tier: "harness" })).toBe(
      "provenance: sandbox = native default (harness)",
    );
  });

  it("a divergence names the tier, the key, the harness and the consequence", () => {
    expect(
      renderDivergenceLine({
        key: "sandbox",
        value: "workspace-write",
        tier: "profile",
        reason: "not expressible on pi; harness default applies",
      }),
    ).toBe('divergence: profile "sandbox" not expressible on pi; harness default applies');
  });

  it("a resolution renders its provenance lines in setting order, then its divergences", () => {
    const r = resolveTurnOptions({
      harness: "pi",
      expresses: ["effort", "discovery", "memory", "autonomy"],
      mode: "launch",
      args: {},
      user: config({ effort: "high" }),
    });
    expect(renderResolution(r)).toEqual([
      'provenance: effort = "high" (user-config)',
      "provenance: sandbox = native default (harness)",
      "provenance: autonomy = false (profile)",
      "provenance: memory = false (profile)",
      "provenance: discovery.tools = true (profile)",
      "provenance: discovery.instructionFiles = true (profile)",
      "provenance: discovery.extensions = true (profile)",
      "provenance: discovery.skills = true (profile)",
      "provenance: escalateQuestions = true (default)",
      'divergence: profile "sandbox" not expressible on pi; harness default applies',
    ]);
  });
});
