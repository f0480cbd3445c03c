/**
 * A harness is one folder: outside src/adapters no code names a harness ("claude", "codex",
 * "pi", "muse", "cursor" as a quoted literal: a comparison, a switch case, a quoted key, a
 * default). Unquoted object keys are not scanned: `cursor:` is also a text cursor. Files still holding such names are listed with their count; the list may only
 * shrink (a new literal anywhere fails, and a listed file that drops its literals must leave it).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const NAMES = /(["'`])(claude|codex|pi|muse|cursor)\1/g;

/** Not yet moved into their adapters (the capability rows, the native spellings). */
const NOT_YET_MOVED: Readonly<Record<string, number>> = {};

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

/** Code without comments: a comment may name a harness, code may not. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function harnessNameCounts(files: ReadonlyArray<{ path: string; text: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { path, text } of files) {
    const n = [...codeOf(text).matchAll(NAMES)].length;
    if (n > 0) counts[path] = n;
  }
  return counts;
}

describe("harness names", () => {
  it("no code outside src/adapters names a harness, beyond the files not yet moved", () => {
    const files = sourceFiles(join(ROOT, "src"))
      .map((f) => relative(ROOT, f))
      .filter((f) => !f.startsWith("src/adapters/"))
      .map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));
    expect(harnessNameCounts(files)).toEqual(NOT_YET_MOVED);
  });

  it("the scan finds a planted comparison, key and case, and ignores comments (it can fail)", () => {
    const planted = [
      'if (harness === "codex") x();',
      "const t = { muse: 1 };",
      "switch (h) { case 'pi': break; }",
      "// claude: a comment may say the name",
    ].join("\n");
    expect(harnessNameCounts([{ path: "p.ts", text: planted }])).toEqual({ "p.ts": 2 });
  });
});
