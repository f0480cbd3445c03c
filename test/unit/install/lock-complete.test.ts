/**
 * `npm ci` refuses a lock that omits an optional dependency a locked package names, even one for
 * another platform. The registry this project installs from lacks some platform builds (opencode's
 * and @teddyzhu/clipboard's for macOS, Windows and Linux arm64/musl), so `npm install` leaves them
 * out; the lock carries them as platform-only entries that npm skips here. An `npm install` that drops
 * them again makes a fresh clone's `npm ci` fail: this test says so first.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface LockedPackage {
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly dependencies?: Readonly<Record<string, string>>;
}

const lock = JSON.parse(readFileSync(new URL("../../../package-lock.json", import.meta.url), "utf8")) as {
  readonly packages: Readonly<Record<string, LockedPackage>>;
};

/** Where npm would find `dep` for the package at `path`: its own node_modules, then each folder up. */
function locate(path: string, dep: string): string | undefined {
  let at = path;
  for (;;) {
    const candidate = at === "" ? `node_modules/${dep}` : `${at}/node_modules/${dep}`;
    if (candidate in lock.packages) return candidate;
    if (at === "") return undefined;
    const cut = at.lastIndexOf("/node_modules/");
    at = cut < 0 ? "" : at.slice(0, cut);
  }
}

describe("the lock file", () => {
  it("has an entry for every optional dependency a locked package names, so npm ci on a clean clone accepts it", () => {
    const missing: string[] = [];
    for (const [path, meta] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
        if (locate(path, dep) === undefined) missing.push(`${dep} (named by ${path || "the project"})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
