import { describe, expect, it } from "vitest";
import { parseConfigOrThrow } from "../../../src/core/config/parse.js";
import { DEFAULT_HEADLESS_DENY_REASON } from "../../../src/core/config/policy-schema.js";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

const config = (body: object) => parseConfigOrThrow(JSON.stringify({ version: 1, ...body }), "/c.json", TOOL_RULES);

describe("policy resolution", () => {
  it("no policy in either tier resolves to none", () => {
    expect(resolveConfigSettings({ user: config({ effort: "low" }) }).policy).toBeUndefined();
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

  it("with no config the ui is empty and nothing claims a tier", () => {
    expect(resolveConfigSettings({})).toEqual({ ui: { keys: {}, notifications: {} }, provenance: [], untrusted: [] });
  });
});
