import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { renderDivergenceLine } from "../../../src/core/options/render-provenance.js";
import { type ResolveTurnOptionsInput, resolveTurnOptions } from "../../../src/core/options/resolve.js";
import { config, EXPRESSES_ALL } from "./helpers.js";

function resolve(partial: Partial<ResolveTurnOptionsInput>) {
  return resolveTurnOptions({
    harness: "codex",
    expresses: EXPRESSES_ALL,
    mode: "launch",
    args: {},
    harnessSettings: builtinRegistry.get("codex").options,
    ...partial,
  });
}
function tierOf(result: ReturnType<typeof resolve>, key: string) {
  return result.provenance.find((p) => p.key === key);
}

describe("precedence: each tier wins over the ones below it", () => {
  const window = (contextWindow: number) => ({ harnessOptions: { codex: { contextWindow } } });
  const user = config({ effort: "low", memory: true, ...window(1000), model: "user-model" });
  const project = config({ effort: "high", memory: false, ...window(2000), model: "project-model" });
  const args = { effort: "xhigh", memory: true, ...window(3000), model: "arg-model" };

  it.each([
    ["effort", "xhigh", "high", "low", "medium"],
    ["codex.contextWindow", 3000, 2000, 1000, 272000],
    ["memory", true, false, true, false],
  ] as const)("%s: arg > project > user > profile", (key, fromArg, fromProject, fromUser, fromProfile) => {
    expect(tierOf(resolve({ args, user, project }), key)).toEqual({ key, value: fromArg, tier: "arg" });
    expect(tierOf(resolve({ user, project }), key)).toEqual({ key, value: fromProject, tier: "project-config" });
    expect(tierOf(resolve({ user }), key)).toEqual({ key, value: fromUser, tier: "user-config" });
    expect(tierOf(resolve({}), key)).toEqual({ key, value: fromProfile, tier: "profile" });
  });

  it("model is outside the profile: with no arg or config the harness default applies (no setting)", () => {
    expect(tierOf(resolve({ args, user, project }), "model")?.tier).toBe("arg");
    expect(tierOf(resolve({ user }), "model")).toEqual({ key: "model", value: "user-model", tier: "user-config" });
    const bare = resolve({});
    expect(bare.options.model).toBeUndefined();
    expect(tierOf(bare, "model")).toBeUndefined();
  });

  it("the effective options carry the winning values", () => {
    expect(resolve({ args: { effort: "xhigh" }, user, project }).options).toMatchObject({
      effort: "xhigh",
      memory: false,
      harnessOptions: { codex: { contextWindow: 2000 } },
      model: "project-model",
    });
  });

  it("config timeout and stall become timeoutSeconds and stallSeconds with their tier", () => {
    const r = resolve({ user: config({ timeout: 60, stall: 20 }), project: config({ stall: 5 }) });
    expect(r.options).toMatchObject({ timeoutSeconds: 60, stallSeconds: 5 });
    expect(tierOf(r, "timeoutSeconds")?.tier).toBe("user-config");
    expect(tierOf(r, "stallSeconds")?.tier).toBe("project-config");
  });

  it("escalateQuestions defaults to true at the default tier and yields to config and args", () => {
    expect(tierOf(resolve({}), "escalateQuestions")).toEqual({
      key: "escalateQuestions",
      value: true,
      tier: "default",
    });
    expect(tierOf(resolve({ user: config({ escalateQuestions: false }) }), "escalateQuestions")?.tier).toBe(
      "user-config",
    );
    expect(
      tierOf(
        resolve({ args: { escalateQuestions: true }, user: config({ escalateQuestions: false }) }),
        "escalateQuestions",
      )?.value,
    ).toBe(true);
  });

  it("discovery merges per facet: --no-tools keeps the other facets from the profile", () => {
    const r = resolve({ args: { discovery: { tools: false } }, user: config({ discovery: { skills: false } }) });
    expect(r.options.discovery).toEqual({ tools: false, instructionFiles: true, extensions: true, skills: false });
    expect(tierOf(r, "discovery.tools")?.tier).toBe("arg");
    expect(tierOf(r, "discovery.skills")?.tier).toBe("user-config");
    expect(tierOf(r, "discovery.extensions")?.tier).toBe("profile");
  });
});

describe("every resolved setting carries its tier", () => {
  it("each effective option has a provenance entry with the same value, and no key appears twice", () => {
    const r = resolve({
      args: { model: "m", discovery: { tools: false }, tools: ["read"] },
      user: config({ timeout: 9, toolMap: { codex: { read: "read_file" } } }),
      project: config({ provider: "p", endpoint: "http://127.0.0.1:1/v1" }),
    });
    const keys = r.provenance.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const [key, value] of Object.entries(r.options)) {
      if (key === "discovery") {
        for (const [facet, v] of Object.entries(value as object))
          expect(tierOf(r, `discovery.${facet}`)?.value).toEqual(v);
      } else if (key === "harnessOptions") {
        for (const [harness, section] of Object.entries(value as Record<string, Record<string, unknown>>))
          for (const [k, v] of Object.entries(section)) expect(tierOf(r, `${harness}.${k}`)?.value).toEqual(v);
      } else if (key === "toolMap") {
        expect(tierOf(r, "toolMap.codex.read")).toEqual({
          key: "toolMap.codex.read",
          value: "read_file",
          tier: "user-config",
        });
      } else {
        expect(tierOf(r, key)?.value).toEqual(value);
        expect(tierOf(r, key)?.tier).not.toBe("harness");
      }
    }
  });
});

describe("divergence: a profile or config value the harness cannot express", () => {
  const PI = [
    "model",
    "effort",
    "provider",
    "tools",
    "excludeTools",
    "discovery",
    "systemPrompt",
    "appendSystemPrompt",
    "memory",
    "autonomy",
  ];

  it("a profile value pi cannot express is reported, left to the harness default, and never refused", () => {
    const r = resolveTurnOptions({
      harness: "pi",
      expresses: PI.filter((k) => k !== "effort"),
      mode: "launch",
      args: {},
    });
    const effort = r.divergence.find((d) => d.key === "effort");
    expect(effort).toEqual({
      key: "effort",
      value: "medium",
      tier: "profile",
      reason: "not expressible on pi; harness default applies",
    });
    expect(renderDivergenceLine(effort!)).toBe(
      'divergence: profile "effort" not expressible on pi; harness default applies',
    );
    expect(r.options.effort).toBeUndefined();
    expect(tierOf(r, "effort")).toEqual({ key: "effort", value: undefined, tier: "harness" });
    expect(r.divergence.map((d) => d.key)).toEqual(["effort"]);
  });

  it("codex's profile sandbox is codex's own: pi resolves none and nothing of it diverges", () => {
    const r = resolveTurnOptions({ harness: "pi", expresses: PI, mode: "launch", args: {} });
    expect(r.options.harnessOptions).toBeUndefined();
    expect(r.divergence).toEqual([]);
    expect(r.provenance.some((p) => p.key.includes("sandbox"))).toBe(false);
    expect(tierOf(resolve({}), "codex.sandbox")).toEqual({
      key: "codex.sandbox",
      value: "workspace-write",
      tier: "profile",
    });
  });

  it("a config value the harness cannot express is reported with its config tier", () => {
    const r = resolveTurnOptions({
      harness: "claude",
      expresses: ["effort"],
      mode: "launch",
      args: {},
      user: config({ memory: true }),
    });
    expect(r.divergence).toContainEqual({
      key: "memory",
      value: true,
      tier: "user-config",
      reason: "not expressible on claude; harness default applies",
    });
    expect(r.options.memory).toBeUndefined();
  });

  it("an explicit arg the harness cannot express passes through for the argv layer to refuse", () => {
    const r = resolveTurnOptions({ harness: "cursor", expresses: [], mode: "launch", args: { memory: false } });
    expect(r.options.memory).toBe(false);
    expect(r.divergence.find((d) => d.key === "memory")).toBeUndefined();
    const other = { harnessOptions: { codex: { sandbox: "read-only" } } };
    expect(resolveTurnOptions({ harness: "pi", expresses: PI, mode: "launch", args: other }).options).toMatchObject(
      other,
    );
  });

  it("a value-specific entry expresses only that value: muse keeps memory on, so profile memory off diverges", () => {
    const muse = ["model", "memory=true", "discovery"];
    const bare = resolveTurnOptions({ harness: "muse", expresses: muse, mode: "launch", args: {} });
    expect(bare.divergence.find((d) => d.key === "memory")).toMatchObject({ value: false, tier: "profile" });
    const on = resolveTurnOptions({
      harness: "muse",
      expresses: muse,
      mode: "launch",
      args: {},
      user: config({ memory: true }),
    });
    expect(on.divergence.find((d) => d.key === "memory")).toBeUndefined();
    expect(on.options.memory).toBe(true);
  });

  it("a discovery facet can be expressed alone", () => {
    const r = resolveTurnOptions({ harness: "codex", expresses: ["discovery.tools"], mode: "launch", args: {} });
    expect(r.divergence.filter((d) => d.key.startsWith("discovery.")).map((d) => d.key)).toEqual([
      "discovery.instructionFiles",
      "discovery.extensions",
      "discovery.skills",
    ]);
    expect(r.options.discovery).toEqual({ tools: true });
  });

  it("hmux-side settings never diverge, whatever the harness lists", () => {
    const r = resolveTurnOptions({
      harness: "cursor",
      expresses: [],
      mode: "launch",
      args: {},
      user: config({ timeout: 5, stall: 3, escalateQuestions: false }),
    });
    const diverged = r.divergence.map((d) => d.key);
    for (const key of ["timeoutSeconds", "stallSeconds", "escalateQuestions"]) expect(diverged).not.toContain(key);
    expect(r.options).toMatchObject({ timeoutSeconds: 5, stallSeconds: 3, escalateQuestions: false });
  });
});

describe("resume applies no profile", () => {
  const user = config({
    effort: "high",
    model: "m",
    timeout: 30,
    escalateQuestions: false,
    endpoint: "http://127.0.0.1:9/v1",
    memory: true,
  });

  it("with no args a resumed turn carries no profile value and no config turn setting", () => {
    const r = resolve({ mode: "resume" });
    expect(r.options).toEqual({ escalateQuestions: true });
    expect(r.divergence).toEqual([]);
    expect(r.provenance.every((p) => p.tier !== "profile")).toBe(true);
  });

  it("explicit args still apply; config effort, model and memory do not", () => {
    const r = resolve({ mode: "resume", args: { effort: "low" }, user });
    expect(r.options.effort).toBe("low");
    expect(r.options.model).toBeUndefined();
    expect(r.options.memory).toBeUndefined();
  });

  it("escalateQuestions, timeout and endpoint still resolve from config on resume", () => {
    const r = resolve({ mode: "resume", user });
    expect(r.options).toEqual({ escalateQuestions: false, timeoutSeconds: 30, endpoint: "http://127.0.0.1:9/v1" });
    expect(tierOf(r, "timeoutSeconds")?.tier).toBe("user-config");
  });
});

describe("tool-free isolation", () => {
  it("config tool, access, autonomy and discovery defaults yield; model and effort defaults still apply", () => {
    const r = resolve({
      args: { isolation: "tool-free" },
      user: config({ tools: ["read"], autonomy: true, effort: "high", model: "opus", skills: ["x"] }),
    });
    expect(r.options).toMatchObject({ isolation: "tool-free", effort: "high", model: "opus" });
    for (const key of ["tools", "autonomy", "skills", "discovery"] as const) expect(r.options[key]).toBeUndefined();
  });
});
