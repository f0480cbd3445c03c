/**
 * A theme file named by a config (which may have come with a cloned repo) is read as the config
 * files are: a FIFO or a link to a device is refused with its path, never waited on or read forever.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readConfigText } from "../../../src/main/config-file-reader.js";
import { loadTheme } from "../../../src/ui/theme/theme.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hmux-theme-read-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("a theme file read through the config files' reader", () => {
  it("that is a FIFO is refused, naming it", () => {
    const path = join(dir, "theme.json");
    execFileSync("mkfifo", [path]);
    expect(() => loadTheme(path, {}, readConfigText)).toThrow(`theme file ${path}: it is a FIFO, not a regular file`);
  });

  it("that links to /dev/zero is refused, naming it", () => {
    const path = join(dir, "theme.json");
    symlinkSync("/dev/zero", path);
    expect(() => loadTheme(path, {}, readConfigText)).toThrow(`theme file ${path}: it is a symlink to /dev/zero`);
  });

  it("that is missing is still reported as a theme not found", () => {
    expect(() => loadTheme(join(dir, "gone.json"), {}, readConfigText)).toThrow(/not found \(built-in: /);
  });
});
