import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { layOutSpawn } from "../../../src/files/spawn-files.js";

let scratch: string;
afterEach(() => rmSync(scratch, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe("layOutSpawn", () => {
  it("makes every dir of the plan 0700, also one that no file lies in", () => {
    scratch = mkdtempSync(join(tmpdir(), "hmux-layout-"));
    const empty = join(scratch, "home", ".codex");
    layOutSpawn({ dirs: [empty], files: [] });
    expect(statSync(empty).isDirectory()).toBe(true);
    expect(modeOf(empty)).toBe(0o700);
    expect(modeOf(join(scratch, "home"))).toBe(0o700);
  });

  it("writes each file 0600 with its parents 0700, or in the mode the file asks for", () => {
    scratch = mkdtempSync(join(tmpdir(), "hmux-layout-"));
    const config = join(scratch, "a", "config.toml");
    const hook = join(scratch, "b", "hook.sh");
    layOutSpawn({
      files: [
        { path: config, content: "x = 1\n" },
        { path: hook, content: "#!/bin/sh\n", mode: 0o700 },
      ],
    });
    expect(modeOf(config)).toBe(0o600);
    expect(modeOf(join(scratch, "a"))).toBe(0o700);
    expect(modeOf(hook)).toBe(0o700);
  });
});
