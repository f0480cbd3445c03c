import { describe, expect, it } from "vitest";
import { type ConfigReader, loadConfigTiers } from "../../../src/core/config/load.js";
import { parseConfig } from "../../../src/core/config/parse.js";
import { DEFAULT_HEADLESS_DENY_REASON } from "../../../src/core/config/policy-schema.js";
import { resolveConfigSettings } from "../../../src/core/config/settings.js";
import { isTrustedRoot } from "../../../src/core/config/trust.js";
import { renderUntrustedLine } from "../../../src/core/options/render-provenance.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";
import { config, TRUSTED, UNTRUSTED } from "../options/helpers.js";

function reader(files: Record<string, string>, dirs: string[] = []): ConfigReader {
  return { exists: (p) => p in files || dirs.includes(p), readText: (p) => files[p]! };
}

const USER = "/home/u/.config/hmux/config.json";
const load = (userBody: object | null, cwd = "/repo/src") =>
  loadConfigTiers({
    harnesses: TOOL_RULES,
    env: { HOME: "/home/u" },
    cwd,
    reader: reader(
      {
        ...(userBody ? { [USER]: JSON.stringify({ version: 1, ...userBody }) } : {}),
        "/repo/.hmux/config.json": JSON.stringify({ version: 1, autonomy: true, trustedProjects: ["/repo"] }),
      },
      ["/repo/.git"],
    ),
  });

describe("which project the user config trusts", () => {
  it("a project is trusted when the user config lists its git root, from any folder inside it", () => {
    expect(load({ trustedProjects: ["/repo"] }).projectTrust).toEqual({
      trusted: true,
      root: "/repo",
      userConfigPath: USER,
    });
    expect(load({ trustedProjects: ["/repo/"] }, "/repo/a/b").projectTrust.trusted).toBe(true);
  });

  it("a project listing itself in trustedProjects is not trusted by that", () => {
    expect(load(null).projectTrust).toEqual({ trusted: false, root: "/repo", userConfigPath: USER });
    expect(load({ effort: "high" }).projectTrust.trusted).toBe(false);
  });

  it("only the exact root is trusted: a parent or a sibling path is not", () => {
    expect(load({ trustedProjects: ["/"] }).projectTrust.trusted).toBe(false);
    expect(load({ trustedProjects: ["/repo2", "/repo/src"] }).projectTrust.trusted).toBe(false);
    expect(isTrustedRoot(["/a/../repo"], "/repo")).toBe(true);
    expect(isTrustedRoot(["/repo"], null)).toBe(false);
  });

  it("trustedProjects entries must be absolute paths", () => {
    const r = parseConfig(JSON.stringify({ version: 1, trustedProjects: ["repo"] }), "/u.json", TOOL_RULES);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/trustedProjects\[0\]: .*absolute path of its git root/);
  });
});

describe("policy from an untrusted project", () => {
  const user = config({ policy: { allowTools: ["read"], allowCommands: ["ls"] } });

  it("allow entries are ignored and reported; the user's policy stands when nothing else is left", () => {
    const project = config({ policy: { allowTools: ["grep"], allowCommands: ["git status"] } });
    const r = resolveConfigSettings({ user, project, projectTrust: UNTRUSTED });
    expect(r.policy).toEqual({
      allowTools: ["read"],
      allowCommands: ["ls"],
      headless: { decision: "deny", reason: DEFAULT_HEADLESS_DENY_REASON },
    });
    expect(r.provenance.find((p) => p.key === "policy")?.tier).toBe("user-config");
    expect(r.untrusted.map(renderUntrustedLine)).toEqual([
      `untrusted: project config "policy.allowTools" ignored; trust it in ${USER} ("trustedProjects": ["/repo"])`,
      `untrusted: project config "policy.allowCommands" ignored; trust it in ${USER} ("trustedProjects": ["/repo"])`,
    ]);
  });

  it("a headless deny from the project still applies (it only narrows)", () => {
    const project = config({
      policy: { allowCommands: ["rm"], headless: { decision: "deny", reason: "this repo asks a person" } },
    });
    const r = resolveConfigSettings({ user, project, projectTrust: UNTRUSTED });
    expect(r.policy).toEqual({
      allowTools: [],
      allowCommands: [],
      headless: { decision: "deny", reason: "this repo asks a person" },
    });
    expect(r.provenance.find((p) => p.key === "policy")?.tier).toBe("project-config");
  });

  it("with no trust given at all the project's allow entries are ignored too", () => {
    const r = resolveConfigSettings({ project: config({ policy: { allowCommands: ["make"] } }) });
    expect(r.policy.allowCommands).not.toContain("make");
    expect(r.policyTier).toBe("default");
    expect(r.untrusted.map((u) => u.key)).toEqual(["policy.allowCommands"]);
  });

  it("a trusted project's allow entries apply and nothing is reported", () => {
    const project = config({ policy: { allowCommands: ["make"] } });
    const r = resolveConfigSettings({ user, project, projectTrust: TRUSTED });
    expect(r.policy?.allowCommands).toEqual(["make"]);
    expect(r.untrusted).toEqual([]);
  });
});

describe("ui from an untrusted project", () => {
  it("the approve chord is ignored and reported; other keys and the theme apply", () => {
    const project = config({ ui: { keys: { approve: "space", quit: "ctrl+q" }, theme: "light" } });
    const r = resolveConfigSettings({
      user: config({ ui: { keys: { approve: "a" } } }),
      project,
      projectTrust: UNTRUSTED,
    });
    expect(r.ui.keys).toEqual({ approve: "a", quit: "ctrl+q" });
    expect(r.ui.theme).toBe("light");
    expect(r.untrusted.map((u) => u.key)).toEqual(["ui.keys.approve"]);
    const trusted = resolveConfigSettings({ project, projectTrust: TRUSTED });
    expect(trusted.ui.keys.approve).toBe("space");
  });
});
