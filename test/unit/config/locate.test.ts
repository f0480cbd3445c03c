import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { locateProjectConfig, userConfigPath } from "../../../src/core/config/locate.js";

describe("userConfigPath", () => {
  it("uses $XDG_CONFIG_HOME/hmux/config.json when set", () => {
    expect(userConfigPath({ XDG_CONFIG_HOME: "/x/cfg", HOME: "/home/u" })).toBe(join("/x/cfg", "hmux", "config.json"));
  });
  it("falls back to $HOME/.config/hmux/config.json", () => {
    expect(userConfigPath({ HOME: "/home/u" })).toBe(join("/home/u", ".config", "hmux", "config.json"));
    expect(userConfigPath({ XDG_CONFIG_HOME: "", HOME: "/home/u" })).toBe(
      join("/home/u", ".config", "hmux", "config.json"),
    );
  });
  it("ignores a relative XDG_CONFIG_HOME, as the XDG spec requires", () => {
    expect(userConfigPath({ XDG_CONFIG_HOME: "rel/cfg", HOME: "/home/u" })).toBe(
      join("/home/u", ".config", "hmux", "config.json"),
    );
  });
  it("is null with neither variable usable", () => {
    expect(userConfigPath({})).toBeNull();
  });
});

describe("locateProjectConfig", () => {
  const tree = (paths: string[]) => {
    const set = new Set(paths);
    const asked: string[] = [];
    return { exists: (p: string) => (asked.push(p), set.has(p)), asked };
  };

  it("finds .hmux/config.json at the git root above cwd", () => {
    const fs = tree(["/repo/.git", "/repo/.hmux/config.json"]);
    expect(locateProjectConfig("/repo/src/deep", fs.exists)).toEqual({
      gitRoot: "/repo",
      path: "/repo/.hmux/config.json",
    });
  });

  it("stops at the nearest .git: an outer repository's config is not used", () => {
    const fs = tree(["/outer/.git", "/outer/.hmux/config.json", "/outer/inner/.git"]);
    expect(locateProjectConfig("/outer/inner/src", fs.exists)).toEqual({ gitRoot: "/outer/inner", path: null });
    expect(fs.asked).not.toContain("/outer/.git");
  });

  it("ignores a .hmux folder below the git root", () => {
    const fs = tree(["/repo/.git", "/repo/src/.hmux/config.json"]);
    expect(locateProjectConfig("/repo/src", fs.exists).path).toBeNull();
  });

  it("outside any git work tree there is no project config", () => {
    const fs = tree(["/a/.hmux/config.json"]);
    expect(locateProjectConfig("/a/b", fs.exists)).toEqual({ gitRoot: null, path: null });
  });

  it("refuses a relative cwd instead of guessing", () => {
    expect(() => locateProjectConfig("src", () => false)).toThrow(/absolute/);
  });
});
