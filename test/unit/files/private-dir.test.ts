/**
 * hmux's folders are private: each one hmux makes is 0700 whatever the umask and however open its
 * parent, and no module makes a folder except through src/files/private-dir.ts (scanned here the
 * way test/unit/layering.test.ts scans imports), so the rule is decided once.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makePrivateDir, makePrivateDirExclusive, makePrivateTempDir } from "../../../src/files/private-dir.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const mode = (path: string) => statSync(path).mode & 0o777;

let scratch: string;
let umaskBefore: number;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "hmux-private-dir-"));
  chmodSync(scratch, 0o755); // a parent others may enter, as ~/.local/state under a 0755 HOME is
  umaskBefore = process.umask(0o022);
});
afterEach(() => {
  process.umask(umaskBefore);
  rmSync(scratch, { recursive: true, force: true });
});

describe("a folder hmux makes", () => {
  it("is 0700, and so is every missing parent it makes, below a 0755 parent under umask 022", () => {
    const made = makePrivateDir(join(scratch, "hmux", "sessions", "s1.d", "home"));
    for (const dir of ["hmux", "hmux/sessions", "hmux/sessions/s1.d", "hmux/sessions/s1.d/home"])
      expect([dir, mode(join(scratch, dir))]).toEqual([dir, 0o700]);
    expect(made).toBe(join(scratch, "hmux", "sessions", "s1.d", "home"));
    expect(mode(scratch)).toBe(0o755); // a folder hmux did not make is not its to change
  });

  it("is exactly 0700 under a umask stricter than that, still usable by its owner", () => {
    process.umask(0o277);
    makePrivateDir(join(scratch, "a", "b"));
    expect(mode(join(scratch, "a"))).toBe(0o700);
    expect(mode(join(scratch, "a", "b"))).toBe(0o700);
  });

  it("a temporary folder is 0700 and unique, and a parent it makes is 0700", () => {
    const one = makePrivateTempDir(join(scratch, "isolated"), "run-");
    const two = makePrivateTempDir(join(scratch, "isolated"), "run-");
    expect(one).not.toBe(two);
    expect(relative(scratch, one)).toMatch(/^isolated\/run-\w{6}$/);
    expect([mode(one), mode(two), mode(join(scratch, "isolated"))]).toEqual([0o700, 0o700, 0o700]);
  });

  it("an exclusive one fails when the folder is there (a lock), and is 0700 when it is not", () => {
    const lock = makePrivateDirExclusive(join(scratch, "state", "registry.lock"));
    expect([mode(lock), mode(join(scratch, "state"))]).toEqual([0o700, 0o700]);
    expect(() => makePrivateDirExclusive(lock)).toThrow(expect.objectContaining({ code: "EEXIST" }));
  });

  it("one that is there already is kept as it is, and a file in the way is an error naming it", () => {
    mkdirSync(join(scratch, "mine"), { mode: 0o755 });
    expect(makePrivateDir(join(scratch, "mine"))).toBe(join(scratch, "mine"));
    expect(mode(join(scratch, "mine"))).toBe(0o755);
    writeFileSync(join(scratch, "file"), "x");
    expect(() => makePrivateDir(join(scratch, "file", "below"))).toThrow(/ENOTDIR.*file/);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** Where a source file makes a folder itself: a folder-making name taken from node's fs, or called on an fs namespace. */
function foldersMadeIn(text: string): string[] {
  const found: string[] = [];
  const fromFs = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["'](?:node:)?fs(?:\/promises)?["']/g;
  for (const m of text.matchAll(fromFs))
    for (const name of m[1]!.split(",").map((n) => n.trim().split(/\s+as\s+/)[0]!))
      if (/^(mkdir|mkdirSync|mkdtemp|mkdtempSync)$/.test(name)) found.push(`imports ${name}`);
  // `deps.fs.mkdir` is the execution layer's port, whose real side (src/spawn/fs.ts) is scanned like the rest.
  for (const m of text.matchAll(/(?<![.\w])(?:fs|fsp|promises)\.(mkdir|mkdirSync|mkdtemp|mkdtempSync)\s*\(/g))
    found.push(`calls ${m[0]}`);
  return found;
}

describe("the one place folders are made", () => {
  it("no module outside src/files makes a folder itself", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(join(ROOT, "src"))) {
      const rel = relative(ROOT, file);
      if (rel.startsWith(join("src", "files"))) continue;
      for (const what of foldersMadeIn(readFileSync(file, "utf8"))) offenders.push(`${rel} ${what}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the scan sees a folder made the ways a module could (it can fail)", () => {
    expect(foldersMadeIn('import { existsSync, mkdirSync } from "node:fs";')).toEqual(["imports mkdirSync"]);
    expect(foldersMadeIn('import { mkdtemp as make, rm } from "node:fs/promises";')).toEqual(["imports mkdtemp"]);
    expect(foldersMadeIn('import * as fs from "node:fs";\nfs.mkdirSync(dir);')).toEqual(["calls fs.mkdirSync("]);
    expect(foldersMadeIn('import { makePrivateDir } from "../files/private-dir.js";')).toEqual([]);
    expect(foldersMadeIn("await deps.fs.mkdir(dir);")).toEqual([]);
  });
});
