/**
 * The hmux server reads time only through the Clock port it is handed (src/core/exec/ports.ts), so its
 * unit tests move a fake clock instead of sleeping: no global timer and no Date.now in src/server, its
 * client side (what a command uses to reach or start a server) included.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const SERVER = join(ROOT, "src", "server");

/** A global timer call or a read of the wall clock that bypasses the port (`clock.setTimeout(` is the port's). */
const AMBIENT_TIME = /(?<![.\w])(setTimeout|setInterval|clearTimeout|clearInterval)\s*\(|(?<![.\w])Date\.now\b/;

function ambientTimeIn(files: readonly { readonly name: string; readonly text: string }[]): string[] {
  const out: string[] = [];
  for (const { name, text } of files)
    for (const [i, line] of text.split("\n").entries()) {
      const code = line.replace(/\/\/.*$/, "");
      if (/^\s*\*/.test(code)) continue; // a doc comment's line
      const m = AMBIENT_TIME.exec(code);
      if (m) out.push(`${name}:${i + 1} ${m[0].replace(/\s*\($/, "")}`);
    }
  return out;
}

const serverFiles = () =>
  readdirSync(SERVER, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts"))
    .map((f) => ({ name: relative(SERVER, join(SERVER, f)), text: readFileSync(join(SERVER, f), "utf8") }));

describe("the server's time", () => {
  it("src/server calls no global setTimeout, setInterval or Date.now: every timer and timestamp is the Clock port's", () => {
    expect(ambientTimeIn(serverFiles())).toEqual([]);
  });

  it("the check finds a global timer and a wall-clock read, and passes the port's own calls (it can fail)", () => {
    const found = ambientTimeIn([
      { name: "a.ts", text: "const t = setTimeout(() => stop(), 1_000);\nclock.setTimeout(tick, 5);" },
      { name: "b.ts", text: "const now = options.now ?? Date.now;\nconst at = this.options.clock.now();" },
      { name: "c.ts", text: "// setTimeout( in a comment\n * Date.now() in a doc line\nsetInterval (poll, 50);" },
    ]);
    expect(found).toEqual(["a.ts:1 setTimeout", "b.ts:1 Date.now", "c.ts:3 setInterval"]);
  });
});
