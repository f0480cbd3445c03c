/**
 * One answer to "does this pid still run a process?" for every caller (server restore, the server
 * lock, worktree leases, the temp-dir sweep, the model server's watch): a zombie — killed, not yet
 * reaped, as in a container with no init — runs nothing, and no module asks signal 0 on its own.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "..", "..", "src");
const THE_ONE = join("files", "pid-alive.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("the liveness check", () => {
  it("only src/files/pid-alive.ts probes a pid with signal 0; every other module asks it", () => {
    const probing = sourceFiles(SRC)
      .filter((file) => /\.kill\(\s*[\w.]+\s*,\s*0\s*\)/.test(readFileSync(file, "utf8")))
      .map((file) => relative(SRC, file));
    expect(probing).toEqual([THE_ONE]);
  });
});
