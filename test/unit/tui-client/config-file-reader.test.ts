import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { ConfigError } from "../../../src/core/config/errors.js";
import { CONFIG_FILE_MAX_BYTES, readConfigText } from "../../../src/main/config-file-reader.js";
import { loadConfigFiles } from "../../../src/main/config-files.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hmux-config-reader-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A home whose user config is whatever `place` puts at the path. */
function homeWithUserConfig(place: (path: string) => void): { home: string; path: string } {
  const home = join(dir, "home");
  mkdirSync(join(home, ".config", "hmux"), { recursive: true });
  const path = join(home, ".config", "hmux", "config.json");
  place(path);
  return { home, path };
}

function configErrorOf(load: () => unknown): ConfigError {
  try {
    load();
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error("expected a ConfigError, the load succeeded");
}

describe("readConfigText", () => {
  it("reads a regular file as UTF-8", () => {
    const path = join(dir, "config.json");
    writeFileSync(path, '{"version":1,"effort":"héllo"}');
    expect(readConfigText(path)).toBe('{"version":1,"effort":"héllo"}');
  });

  it("refuses a FIFO without waiting for a writer", () => {
    const path = join(dir, "config.json");
    execFileSync("mkfifo", [path]);
    expect(() => readConfigText(path)).toThrow("it is a FIFO, not a regular file");
  });

  it("refuses a symlink to /dev/zero instead of reading it forever", () => {
    const path = join(dir, "config.json");
    symlinkSync("/dev/zero", path);
    expect(() => readConfigText(path)).toThrow("it is a symlink to /dev/zero, not to a regular file");
  });

  it("refuses a symlink to /dev/stdin, whatever stdin is", () => {
    const path = join(dir, "config.json");
    symlinkSync("/dev/stdin", path);
    expect(() => readConfigText(path)).toThrow("it is a symlink to /dev/stdin, not to a regular file");
  });

  it("refuses a chain of symlinks that ends in /proc", () => {
    const path = join(dir, "config.json");
    symlinkSync(join(dir, "hop"), path);
    symlinkSync("/proc/self/fd/0", join(dir, "hop"));
    expect(() => readConfigText(path)).toThrow("it is a symlink to /proc/self/fd/0, not to a regular file");
  });

  it("reads a regular file reached through a symlink", () => {
    const path = join(dir, "config.json");
    writeFileSync(join(dir, "real.json"), '{"version":1}');
    symlinkSync(join(dir, "real.json"), path);
    expect(readConfigText(path)).toBe('{"version":1}');
  });

  it("refuses a file larger than the bound", () => {
    const path = join(dir, "config.json");
    writeFileSync(path, " ".repeat(CONFIG_FILE_MAX_BYTES + 1));
    expect(() => readConfigText(path)).toThrow(`larger than ${CONFIG_FILE_MAX_BYTES} bytes`);
  });

  it("reads a file exactly at the bound", () => {
    const path = join(dir, "config.json");
    writeFileSync(path, " ".repeat(CONFIG_FILE_MAX_BYTES));
    expect(readConfigText(path)).toHaveLength(CONFIG_FILE_MAX_BYTES);
  });
});

describe("loadConfigFiles on odd files", () => {
  it("reports a user config that is a symlink loop, naming the path", () => {
    const { home, path } = homeWithUserConfig((p) => symlinkSync(p, p));
    const err = configErrorOf(() => loadConfigFiles(dir, { HOME: home }, builtinRegistry.toolRules));
    expect(err.file).toBe(path);
    expect(err.message).toBe(`${path}: refused: it is a symlink loop`);
  });

  it("reports a user config that is a dangling symlink, naming the path and its target", () => {
    const missing = join(dir, "gone.json");
    const { home, path } = homeWithUserConfig((p) => symlinkSync(missing, p));
    const err = configErrorOf(() => loadConfigFiles(dir, { HOME: home }, builtinRegistry.toolRules));
    expect(err.message).toBe(`${path}: refused: it is a symlink to ${missing}, which does not exist`);
  });

  it("refuses a user config that is a FIFO, as a ConfigError of kind not-a-file", () => {
    const { home, path } = homeWithUserConfig((p) => execFileSync("mkfifo", [p]));
    const err = configErrorOf(() => loadConfigFiles(dir, { HOME: home }, builtinRegistry.toolRules));
    expect(err.kind).toBe("not-a-file");
    expect(err.file).toBe(path);
  });

  it("refuses a cloned project's .hmux/config.json that links to /dev/zero", () => {
    const repo = join(dir, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, ".hmux"));
    const path = join(repo, ".hmux", "config.json");
    symlinkSync("/dev/zero", path);
    const err = configErrorOf(() => loadConfigFiles(repo, { HOME: join(dir, "nohome") }, builtinRegistry.toolRules));
    expect(err.message).toBe(`${path}: refused: it is a symlink to /dev/zero, not to a regular file`);
  });

  it("refuses an oversize project config as a ConfigError of kind too-large", () => {
    const repo = join(dir, "repo");
    mkdirSync(join(repo, ".git"), { recursive: true });
    mkdirSync(join(repo, ".hmux"));
    writeFileSync(join(repo, ".hmux", "config.json"), " ".repeat(CONFIG_FILE_MAX_BYTES + 1));
    const err = configErrorOf(() => loadConfigFiles(repo, { HOME: join(dir, "nohome") }, builtinRegistry.toolRules));
    expect(err.kind).toBe("too-large");
    expect(err.toRefusal().message).toContain(join(repo, ".hmux", "config.json"));
  });
});
