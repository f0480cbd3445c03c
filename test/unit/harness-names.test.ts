/**
 * A harness is one folder: outside src/adapters no code names a harness ("claude", "codex",
 * "pi", "muse", "cursor"): not as a quoted literal (a comparison, a switch case, a quoted key,
 * a default), and not as an unquoted key (`{ codex: 1 }`, `codex?:` in a type, shorthand
 * `{ codex }`). Comments may name one, and so may prose inside a string.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const NAMES = /(["'`])(claude|codex|pi|muse|cursor)\1/g;
/** A name in key position: after `{`, `,`, `;`, `(` or at a line's start; then `:` (on the same line) or, shorthand, `,`/`}`. */
const KEYS =
  /(?:^|[{,;(])[ \t]*(?:readonly[ \t]+)?(claude|codex|pi|muse|cursor)(?:[ \t]*\??[ \t]*:(?!:)|(?=[ \t\n]*[,}]))/gm;

/**
 * Files where a `cursor` key is a text or terminal cursor (a caret position, a drawn cursor),
 * not the harness: only their `cursor` keys are let through; a quoted "cursor" there still counts,
 * and so does any other harness key. A file listed here must still hold such a key.
 */
const TEXT_CURSOR_FILES: ReadonlySet<string> = new Set([
  "src/ui/components/text-edit.ts",
  "src/ui/components/TextField.tsx",
  "src/ui/components/InputLine.tsx",
  "src/ui/components/Pane.tsx",
  "src/ui/components/overlays/dialog-form.ts",
  "src/ui/store/step.ts",
  "src/ui/store/update-input.ts",
  "src/native/snapshot.ts",
]);

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

/** Code without the text of its strings, so prose like "claude, codex, pi" is not read as keys. */
function withoutStrings(code: string): string {
  return code
    .replace(/"(?:[^"\\\n]|\\.)*"/g, '""')
    .replace(/'(?:[^'\\\n]|\\.)*'/g, "''")
    .replace(/`(?:[^`\\]|\\.)*`/g, "``");
}

interface Found {
  readonly literals: number;
  readonly keys: number;
  /** `cursor` keys let through because the file's cursor is a text cursor. */
  readonly textCursorKeys: number;
}

function scan(path: string, text: string): Found {
  const code = codeOf(text);
  const literals = [...code.matchAll(NAMES)].length;
  let keys = 0;
  let textCursorKeys = 0;
  for (const m of withoutStrings(code).matchAll(KEYS)) {
    if (m[1] === "cursor" && TEXT_CURSOR_FILES.has(path)) textCursorKeys++;
    else keys++;
  }
  return { literals, keys, textCursorKeys };
}

function harnessNameCounts(files: ReadonlyArray<{ path: string; text: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { path, text } of files) {
    const { literals, keys } = scan(path, text);
    if (literals + keys > 0) counts[path] = literals + keys;
  }
  return counts;
}

const outsideAdapters = () =>
  sourceFiles(join(ROOT, "src"))
    .map((f) => relative(ROOT, f))
    .filter((f) => !f.startsWith("src/adapters/"))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), "utf8") }));

describe("harness names", () => {
  it("no code outside src/adapters names a harness, as a literal or as a key", () => {
    expect(harnessNameCounts(outsideAdapters())).toEqual({});
  });

  it("every file let through for a text cursor still has one (the allowance cannot outlive its reason)", () => {
    const files = outsideAdapters().filter((f) => TEXT_CURSOR_FILES.has(f.path));
    expect(files.map((f) => f.path).sort()).toEqual([...TEXT_CURSOR_FILES].sort());
    for (const { path, text } of files) expect(scan(path, text).textCursorKeys, path).toBeGreaterThan(0);
  });

  it("the scan finds a planted comparison, case, key, type member and shorthand, and ignores comments and prose (it can fail)", () => {
    const count = (text: string) => harnessNameCounts([{ path: "p.ts", text }])["p.ts"] ?? 0;
    const named = [
      'if (harness === "codex") x();',
      "switch (h) { case 'pi': break; }",
      "const t = { muse: 1, other: 2 };",
      "interface Row { readonly claude?: number }",
      "const byName = {\n  pi: 1,\n};",
      "const { codex } = table;",
      "f({ other, cursor });",
    ];
    const unnamed = [
      "// claude: a comment may say the name",
      'const help = "harnesses: claude, codex, pi";',
      "const y = ready ? pi : 0;",
      "const z = { claudette: 1, picture: 2 };",
    ];
    for (const line of named) expect(count(line), line).toBe(1);
    for (const line of unnamed) expect(count(line), line).toBe(0);
    expect(count([...named, ...unnamed].join("\n"))).toBe(named.length);
  });

  it("a cursor key counts everywhere but in the text-cursor files, and a quoted cursor counts there too", () => {
    const text = 'const s = { value, cursor: 0 };\nconst h = "cursor";';
    expect(harnessNameCounts([{ path: "src/ui/x.ts", text }])).toEqual({ "src/ui/x.ts": 2 });
    expect(harnessNameCounts([{ path: "src/ui/components/text-edit.ts", text }])).toEqual({
      "src/ui/components/text-edit.ts": 1,
    });
  });
});
