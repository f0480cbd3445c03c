import { describe, expect, it } from "vitest";
import { renderResolution } from "../../../src/core/options/render-provenance.js";
import {
  type ResolvedTurnOptions,
  type ResolveTurnOptionsInput,
  resolveTurnOptions,
} from "../../../src/core/options/resolve.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { HARNESS_NAMES } from "../../helpers/builtin-harnesses.js";
import { config, EXPRESSES_ALL, rng } from "./helpers.js";

/** Random setting values drawn from small, valid vocabularies. */
const CHOICES: Record<string, readonly unknown[]> = {
  model: ["opus", "gpt-5", "m"],
  effort: ["low", "medium", "high"],
  harnessOptions: [{ codex: { sandbox: "read-only" } }, { codex: { sandbox: "workspace-write", contextWindow: 9 } }],
  provider: ["openai", "anthropic"],
  tools: [["read"], ["read", "grep"], ["shell", "write"], ["native:x"], []],
  excludeTools: [["shell"], ["grep", "web-fetch"]],
  access: ["read", "write"],
  autonomy: [true, false],
  memory: [true, false],
  discovery: [{ tools: false }, { skills: false, extensions: true }],
  escalateQuestions: [true, false],
  endpoint: ["http://127.0.0.1:1/v1"],
};

function generate(next: () => number): ResolveTurnOptionsInput {
  const pickOne = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const someSettings = (chance: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, values] of Object.entries(CHOICES))
      if (next() < chance) out[key] = structuredClone(pickOne(values));
    return out;
  };
  const args = someSettings(0.15) as TurnOptions;
  if (next() < 0.2) (args as Record<string, unknown>).tools = [pickOne(["review", "read", "web"])];
  const withConfigOnly = (body: Record<string, unknown>) => {
    if (next() < 0.4) body.toolsets = { review: pickOne([["read"], ["read", "grep"]]), web: ["web-fetch"] };
    if (next() < 0.4) body.toolMap = { pi: { "web-search": pickOne(["a", "b"]) }, claude: { list: "LS" } };
    if (next() < 0.3) body.timeout = pickOne([0, 10, 60]);
    return config(body);
  };
  return {
    harness: pickOne(HARNESS_NAMES),
    expresses: EXPRESSES_ALL.filter(() => next() < 0.6).concat(next() < 0.3 ? ["memory=true"] : []),
    mode: next() < 0.7 ? "launch" : "resume",
    args,
    user: next() < 0.6 ? withConfigOnly(someSettings(0.2)) : undefined,
    project: next() < 0.6 ? withConfigOnly(someSettings(0.2)) : undefined,
  };
}

type Outcome = { ok: true; value: ResolvedTurnOptions } | { ok: false; issue: string; message: string };
function outcome(input: ResolveTurnOptionsInput): Outcome {
  try {
    return { ok: true, value: resolveTurnOptions(input) };
  } catch (err) {
    if (!(err instanceof RefusalError)) throw err;
    return { ok: false, issue: err.issue, message: err.message };
  }
}

describe("resolution is pure and deterministic", () => {
  const inputs = Array.from({ length: 500 }, (_, i) => generate(rng(1000 + i)));

  it("same inputs give deep-equal outputs (or the same refusal), over 500 generated inputs", () => {
    for (const input of inputs) {
      const first = outcome(input);
      const second = outcome(structuredClone(input));
      expect(second).toEqual(first);
      if (first.ok && second.ok) expect(renderResolution(second.value)).toEqual(renderResolution(first.value));
    }
  });

  it("inputs are never mutated", () => {
    for (const input of inputs) {
      const before = JSON.stringify(input);
      outcome(input);
      expect(JSON.stringify(input)).toBe(before);
    }
  });

  it("the generator reaches both resolutions and refusals", () => {
    const outcomes = inputs.map(outcome);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThan(100);
    expect(outcomes.filter((o) => !o.ok).length).toBeGreaterThan(10);
  });

  it("in every resolution each option has a tier, each divergence leaves its key at the harness tier, and profile never applies on resume", () => {
    for (const input of inputs) {
      const o = outcome(input);
      if (!o.ok) continue;
      const r = o.value;
      const tiers = new Map(r.provenance.map((p) => [p.key, p.tier]));
      expect(tiers.size).toBe(r.provenance.length);
      for (const [harness, section] of Object.entries(r.options.harnessOptions ?? {}))
        for (const k of Object.keys(section ?? {}))
          if (harness === input.harness) expect(tiers.get(`${harness}.${k}`)).toBeDefined();
      for (const key of Object.keys(r.options)) {
        if (key === "discovery" || key === "toolMap" || key === "harnessOptions") continue;
        expect(tiers.get(key), `${key} in ${JSON.stringify(input)}`).toBeDefined();
        expect(tiers.get(key)).not.toBe("harness");
      }
      for (const d of r.divergence) {
        expect(tiers.get(d.key)).toBe("harness");
        expect(["project-config", "user-config", "profile"]).toContain(d.tier);
      }
      if (input.mode === "resume") {
        expect([...tiers.values()]).not.toContain("profile");
        // The floor is the one turn setting config still supplies on resume.
        if (r.options.tools && tiers.get("tools") !== "arg") expect(input.project?.tools).toBeDefined();
      }
      // Whatever the tiers, a project floor is never exceeded.
      if (input.project?.tools) {
        const reported = r.divergence.some((d) => d.key === "tools");
        expect(r.options.tools !== undefined || reported, `floor dropped silently for ${JSON.stringify(input)}`).toBe(
          true,
        );
        for (const tool of r.options.tools ?? []) expect(input.project.tools).toContain(tool);
        expect(r.options.access).toBeUndefined();
      }
      expect(Object.isFrozen(r.options)).toBe(true);
    }
  });
});
