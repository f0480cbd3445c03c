/**
 * The real `hmux` (bin/hmux.js → dist/, rebuilt by the test setup) keeps V8's code cache in a folder of
 * its own that only its user can enter, whatever the umask it was started with, and leaves that umask
 * as it found it for what it spawns.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HMUX, REPO } from "../cli/cli-harness.js";

const dir = mkdtempSync(join(tmpdir(), "hmux-compile-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every path below `root` with its permission bits, folders marked with a trailing slash. */
function modesBelow(root: string): Record<string, string> {
  const modes: Record<string, string> = {};
  const walk = (at: string, name: string) => {
    const stat = statSync(at);
    modes[stat.isDirectory() ? `${name}/` : name] = (stat.mode & 0o777).toString(8);
    if (stat.isDirectory()) for (const entry of readdirSync(at)) walk(join(at, entry), `${name}/${entry}`);
  };
  walk(root, ".");
  return modes;
}

describe("hmux's compile cache", () => {
  it("is made 0700 with each file in it 0600 under a permissive umask (022)", () => {
    const cache = join(dir, "permissive");
    const r = spawnSync("/bin/sh", ["-c", 'umask 022 && exec "$0" "$@"', process.execPath, HMUX, "--help"], {
      encoding: "utf8",
      env: { ...process.env, XDG_CACHE_HOME: cache, HOME: dir },
    });
    expect(r.status).toBe(0);
    const modes = modesBelow(join(cache, "hmux"));
    const files = Object.keys(modes).filter((p) => !p.endsWith("/"));
    // The cache is real: the run wrote its modules' code.
    expect(files.length).toBeGreaterThan(5);
    expect(Object.entries(modes).filter(([p, mode]) => mode !== (p.endsWith("/") ? "700" : "600"))).toEqual([]);
  });

  it("leaves the process's umask as it was, for the harnesses it spawns", () => {
    const module = join(REPO, "dist", "files", "compile-cache.js");
    const r = spawnSync(
      "/bin/sh",
      [
        "-c",
        'umask 022 && exec "$0" "$@"',
        process.execPath,
        "--input-type=module",
        "-e",
        `const { enableCompileCache } = await import(${JSON.stringify(module)});
         const on = enableCompileCache(process.env);
         const after = process.umask(0o022);
         console.log(JSON.stringify({ on: on !== undefined, after: after.toString(8) }));`,
      ],
      { encoding: "utf8", env: { ...process.env, XDG_CACHE_HOME: join(dir, "umask"), HOME: dir } },
    );
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toEqual({ on: true, after: "22" });
  });
});
