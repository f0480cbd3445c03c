import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/config/errors.js";
import { type ConfigReader, loadConfigTiers } from "../../../src/core/config/load.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

function reader(files: Record<string, string>, dirs: string[] = []): ConfigReader {
  return {
    exists: (p) => p in files || dirs.includes(p),
    readText: (p) => {
      const text = files[p];
      if (text === undefined) throw new Error(`EACCES: permission denied, open '${p}'`);
      return text;
    },
  };
}

describe("loadConfigTiers", () => {
  it("reads both tiers from their places", () => {
    const loaded = loadConfigTiers({
      harnesses: TOOL_RULES,
      env: { HOME: "/home/u" },
      cwd: "/repo/src",
      reader: reader(
        {
          "/home/u/.config/hmux/config.json": '{"version":1,"effort":"high"}',
          "/repo/.hmux/config.json": '{"version":1,"tools":["read"]}',
        },
        ["/repo/.git"],
      ),
    });
    expect(loaded).toEqual({
      user: { version: 1, effort: "high" },
      project: { version: 1, tools: ["read"] },
      userPath: "/home/u/.config/hmux/config.json",
      projectPath: "/repo/.hmux/config.json",
      gitRoot: "/repo",
      projectTrust: { trusted: false, root: "/repo", userConfigPath: "/home/u/.config/hmux/config.json" },
    });
  });

  it("absent files are simply absent tiers", () => {
    expect(loadConfigTiers({ harnesses: TOOL_RULES, env: { HOME: "/h" }, cwd: "/x", reader: reader({}) })).toEqual({
      userPath: null,
      projectPath: null,
      gitRoot: null,
      projectTrust: { trusted: false, root: null, userConfigPath: "/h/.config/hmux/config.json" },
    });
  });

  it("an invalid project file throws a ConfigError naming that file", () => {
    const run = () =>
      loadConfigTiers({
        harnesses: TOOL_RULES,
        env: {},
        cwd: "/r",
        reader: reader({ "/r/.hmux/config.json": '{"version":1,"efort":1}' }, ["/r/.git"]),
      });
    expect(run).toThrow(ConfigError);
    expect(run).toThrow(/\/r\/\.hmux\/config\.json: efort: unknown key/);
  });

  it("an unreadable file is a ConfigError, not a skipped tier", () => {
    const r: ConfigReader = {
      exists: () => true,
      readText: () => {
        throw new Error("EISDIR: illegal operation on a directory");
      },
    };
    try {
      loadConfigTiers({ harnesses: TOOL_RULES, env: { XDG_CONFIG_HOME: "/cfg" }, cwd: "/", reader: r });
      throw new Error("expected a ConfigError");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).kind).toBe("unreadable");
      expect((err as ConfigError).message).toContain("/cfg/hmux/config.json: cannot read the config file (EISDIR");
    }
  });
});
