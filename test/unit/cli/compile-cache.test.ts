/**
 * bin/hmux.js keeps Node's compile cache in the user's own cache folder, private to them: anyone who can
 * write that folder can change the code hmux runs.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileCacheDir, privateCacheDir } from "../../../bin/compile-cache.js";
import { HMUX } from "./cli-harness.js";

const dir = mkdtempSync(join(tmpdir(), "hmux-compile-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 }));

describe("the compile cache's folder", () => {
  it("is $XDG_CACHE_HOME/hmux, or ~/.cache/hmux when XDG_CACHE_HOME is unset or relative", () => {
    expect(compileCacheDir({ XDG_CACHE_HOME: "/x/cache" }, "/home/u")).toBe("/x/cache/hmux");
    expect(compileCacheDir({}, "/home/u")).toBe("/home/u/.cache/hmux");
    expect(compileCacheDir({ XDG_CACHE_HOME: "rel/cache" }, "/home/u")).toBe("/home/u/.cache/hmux");
  });

  it("is created readable and writable by its owner only", () => {
    const made = privateCacheDir(join(dir, "fresh", "hmux"));
    expect(made).not.toBeNull();
    expect(statSync(made as string).mode & 0o777).toBe(0o700);
  });

  it("is refused when group or others may write it, or it is not a directory of its own", () => {
    const open = join(dir, "open");
    mkdirSync(open);
    chmodSync(open, 0o777);
    expect(privateCacheDir(open)).toBeNull();
    const target = join(dir, "target");
    mkdirSync(target, { mode: 0o700 });
    const link = join(dir, "link");
    symlinkSync(target, link);
    expect(privateCacheDir(link)).toBeNull();
    expect(privateCacheDir(target, (process.getuid?.() ?? 0) + 1)).toBeNull();
    expect(privateCacheDir(target)).toBe(target);
  });

  it("holds the compiled modules after one hmux start, and an unsafe one is left unused", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_CACHE_HOME: join(dir, "xdg") };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    expect(spawnSync(process.execPath, [HMUX, "--version"], { env, timeout: 15_000 }).status).toBe(0);
    const cache = join(dir, "xdg", "hmux");
    expect(statSync(cache).mode & 0o777).toBe(0o700);
    expect(readdirSync(cache).length).toBeGreaterThan(0);

    const shared = join(dir, "shared");
    mkdirSync(join(shared, "hmux"), { recursive: true });
    chmodSync(join(shared, "hmux"), 0o777);
    const r = spawnSync(process.execPath, [HMUX, "--version"], {
      env: { ...env, XDG_CACHE_HOME: shared },
      timeout: 15_000,
    });
    expect(r.status).toBe(0);
    expect(readdirSync(join(shared, "hmux"))).toEqual([]);
  });
});
