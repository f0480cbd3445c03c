/** Which harness modules the config files register, read before the registry exists. */
import { describe, expect, it } from "vitest";
import { readHarnessSources } from "../../../src/core/config/harness-sources.js";
import type { ConfigReader } from "../../../src/core/config/load.js";
import { parseConfig } from "../../../src/core/config/parse.js";
import { narrowProjectConfig } from "../../../src/core/options/project-trust.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

const USER = "/home/u/.config/hmux/config.json";
const PROJECT = "/repo/.hmux/config.json";

function reader(files: Record<string, string>, dirs: string[] = ["/repo/.git"]): ConfigReader {
  return {
    exists: (p) => p in files || dirs.includes(p),
    readText: (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`EACCES: permission denied, open '${p}'`);
      return text;
    },
  };
}

const sources = (files: Record<string, string>) =>
  readHarnessSources({ env: { HOME: "/home/u" }, cwd: "/repo/src", reader: reader(files) });

const config = (body: Record<string, unknown>) => JSON.stringify({ version: 1, ...body });

describe("the harnesses key", () => {
  it("a user entry's module path is read from the directory holding the config file; an absolute one stays", () => {
    const found = sources({
      [USER]: config({ harnesses: { alpha: { module: "plugins/alpha.ts" }, beta: { module: "/opt/beta.mjs" } } }),
    });
    expect(found).toEqual({
      configured: [
        { kind: "module", name: "alpha", module: "/home/u/.config/hmux/plugins/alpha.ts", configPath: USER },
        { kind: "module", name: "beta", module: "/opt/beta.mjs", configPath: USER },
      ],
      skipped: [],
    });
  });

  it("an untrusted project's entries are not loaded, each reported with the trust it lacks", () => {
    const found = sources({ [PROJECT]: config({ harnesses: { gamma: { module: "g.ts" } } }) });
    expect(found.configured).toEqual([]);
    expect(found.skipped).toEqual([
      {
        name: "gamma",
        configPath: PROJECT,
        reason: expect.stringMatching(/\/repo is not trusted.*trustedProjects/),
      },
    ]);
  });

  it("a trusted project's entries load, and replace a user entry of the same name", () => {
    const found = sources({
      [USER]: config({ trustedProjects: ["/repo"], harnesses: { alpha: { module: "/u/alpha.ts" } } }),
      [PROJECT]: config({ harnesses: { alpha: { module: "alpha.ts" }, delta: { module: "/d.ts" } } }),
    });
    expect(found.configured).toEqual([
      { kind: "module", name: "alpha", module: "/repo/.hmux/alpha.ts", configPath: PROJECT },
      { kind: "module", name: "delta", module: "/d.ts", configPath: PROJECT },
    ]);
    expect(found.skipped).toEqual([]);
  });

  it("a file whose harnesses cannot be read registers nothing and says why; the other file still counts", () => {
    const found = sources({
      [USER]: '{"version": 1, "harnesses": {',
      [PROJECT]: config({ harnesses: { Bad: { module: "x.ts" } } }),
    });
    expect(found.configured).toEqual([]);
    expect(found.skipped).toEqual([
      { name: null, configPath: USER, reason: expect.stringMatching(/^its harnesses were not read: malformed JSON/) },
      { name: null, configPath: PROJECT, reason: expect.stringContaining("one lowercase word") },
    ]);
  });

  it("keys the bootstrap does not read are left to the full parse (a toolMap for a plugin harness does not stop it)", () => {
    const found = sources({
      [USER]: config({ toolMap: { alpha: { read: "Read" } }, harnesses: { alpha: { module: "/a.ts" } } }),
    });
    expect(found.configured.map((h) => h.name)).toEqual(["alpha"]);
  });

  it("the full parse accepts the key and refuses an entry without a module or with an unknown key", () => {
    const ok = parseConfig(config({ harnesses: { alpha: { module: "a.ts" } } }), USER, TOOL_RULES);
    expect(ok).toMatchObject({ ok: true, config: { harnesses: { alpha: { module: "a.ts" } } } });
    const bad = parseConfig(config({ harnesses: { alpha: { modul: "a.ts" } } }), USER, TOOL_RULES);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.error.message).toMatch(/harnesses\.alpha/);
  });

  it("an untrusted project config's harnesses are taken out and reported; a trusted one's pass", () => {
    const project = { version: 1 as const, harnesses: { gamma: { module: "g.ts" } } };
    const untrusted = narrowProjectConfig(project, undefined, { trusted: false, root: "/repo", userConfigPath: USER });
    expect(untrusted.config.harnesses).toBeUndefined();
    expect(untrusted.untrusted).toContainEqual({ key: "harnesses", value: project.harnesses });
    const trusted = narrowProjectConfig(project, undefined, { trusted: true, root: "/repo", userConfigPath: USER });
    expect(trusted.config.harnesses).toEqual(project.harnesses);
  });
});
