import { describe, expect, it } from "vitest";
import { parseConfigOrThrow } from "../../../src/core/config/parse.js";
import { DEFAULT_POLICY } from "../../../src/core/config/policy-default.js";
import { DEFAULT_HEADLESS_DENY_REASON } from "../../../src/core/config/policy-schema.js";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

const config = (body: object) => parseConfigOrThrow(JSON.stringify({ version: 1, ...body }), "/c.json", TOOL_RULES);

describe("policy resolution", () => {
  it("no policy in either tier resolves to hmux's default, with provenance tier default", () => {
    const r = resolveConfigSettings({ user: config({ effort: "low" }) });
    expect(r.policy).toEqual({
      allowTools: [...DEFAULT_POLICY.allowTools!],
      allowCommands: [...DEFAULT_POLICY.allowCommands!],
      headless: { decision: "deny", reason: DEFAULT_HEADLESS_DENY_REASON },
    });
    expect(r.provenance.find((p) => p.key === "policy")).toMatchObject({ tier: "default", value: r.policy });
  });

  it("a config's policy replaces the default whole: reads it does not list ask", () => {
    const r = resolveConfigSettings({ user: config({ policy: { allowCommands: ["make"] } }) });
    expect([r.policy.allowTools, r.policy.allowCommands, r.policyTier]).toEqual([[], ["make"], "user-config"]);
  });

  it("a trusted project's policy replaces the user policy whole, with provenance", () => {
    const user = config({ policy: { allowTools: ["read"], allowCommands: ["ls", "cat"] } });
    const project = config({ policy: { allowCommands: ["git status"] } });
    const r = resolveConfigSettings({
      user,
      project,
      projectTrust: { trusted: true, root: "/repo", userConfigPath: "/u/config.json" },
    });
    expect(r.policy).toEqual({
      allowTools: [],
      allowCommands: ["git status"],
      headless: { decision: "deny", reason: DEFAULT_HEADLESS_DENY_REASON },
    });
    expect(r.provenance.find((p) => p.key === "policy")?.tier).toBe("project-config");
  });

  it("headless always denies, with the configured reason when given", () => {
    const r = resolveConfigSettings({
      user: config({ policy: { headless: { decision: "deny", reason: "ask me later" } } }),
    });
    expect(r.policy?.headless).toEqual({ decision: "deny", reason: "ask me later" });
  });
});

describe("ui resolution", () => {
  it("merges per leaf, project over user, each leaf with its tier", () => {
    const user = config({
      ui: {
        keys: { quit: "ctrl+q", help: "?" },
        theme: "light",
        notifications: { method: "bel", cooldownSeconds: 10 },
      },
    });
    const project = config({ ui: { keys: { quit: "alt+q" }, notifications: { cooldownSeconds: 60 } } });
    const r = resolveConfigSettings({ user, project });
    expect(r.ui).toEqual({
      keys: { help: "?", quit: "alt+q" },
      theme: "light",
      notifications: { method: "bel", cooldownSeconds: 60 },
    });
    expect(r.provenance).toEqual(
      expect.arrayContaining([
        { key: "ui.keys.quit", value: "alt+q", tier: "project-config" },
        { key: "ui.keys.help", value: "?", tier: "user-config" },
        { key: "ui.theme", value: "light", tier: "user-config" },
        { key: "ui.notifications.cooldownSeconds", value: 60, tier: "project-config" },
      ]),
    );
  });

  it("with no config the ui is empty and only hmux's default policy claims a tier", () => {
    const r = resolveConfigSettings({});
    expect(r.ui).toEqual({ keys: {}, notifications: {} });
    expect(r.provenance.map((p) => [p.key, p.tier])).toEqual([["policy", "default"]]);
    expect(r.untrusted).toEqual([]);
  });
});
