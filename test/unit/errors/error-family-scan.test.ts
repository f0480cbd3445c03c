/**
 * Every error hmux raises is of the one family: no class in src/ extends Error (or a built-in
 * error) besides HmuxError, and no code throws or rejects with a bare Error, TypeError or
 * RangeError, except where an allow-list below says why. An invariant goes through
 * src/core/invariant.ts; input gets a typed HmuxError with a code from the table.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const SRC = join(ROOT, "src");

/** Classes that may extend a built-in error directly, with why. */
const OWN_ERROR_CLASSES: Readonly<Record<string, string>> = {
  "src/core/hmux-error.ts HmuxError": "the family's base",
  "src/core/config/json-syntax.ts Stop": "a sentinel the scanner throws and catches inside its own file",
  "src/core/launch/prepare.ts Stop": "a sentinel the pipeline throws and catches inside its own file",
};

/** Files that may throw a built-in error, with why. */
const BARE_THROW_FILES: Readonly<Record<string, string>> = {
  "src/core/error-codes.ts": "the table itself: an HmuxError needs the table, so its own checks cannot be one",
};

const BUILTIN_ERRORS = "Error|TypeError|RangeError|SyntaxError|EvalError|ReferenceError|URIError";
const EXTENDS_BUILTIN = new RegExp(`class\\s+(\\w+)\\s+extends\\s+(?:${BUILTIN_ERRORS})\\b`, "g");
const BARE_THROW = new RegExp(`(?:throw|reject\\()\\s*(?:new\\s+)?(?:${BUILTIN_ERRORS})\\(`, "g");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split("\n").length;
}

function scan(
  pattern: RegExp,
  report: (file: string, match: RegExpExecArray, line: number) => string | null,
): string[] {
  const found: string[] = [];
  for (const path of sourceFiles(SRC)) {
    const text = readFileSync(path, "utf8");
    const file = relative(ROOT, path);
    for (const match of text.matchAll(pattern)) {
      const line = report(file, match, lineOf(text, match.index));
      if (line) found.push(line);
    }
  }
  return found;
}

describe("the one error family", () => {
  it("no class in src extends a built-in error except HmuxError (and the allow-listed sentinels)", () => {
    const outside = scan(EXTENDS_BUILTIN, (file, match, line) =>
      OWN_ERROR_CLASSES[`${file} ${match[1]}`] ? null : `${file}:${line} class ${match[1]}`,
    );
    expect(outside).toEqual([]);
  });

  it("no code in src throws or rejects with a bare built-in error outside the allow-list", () => {
    const bare = scan(BARE_THROW, (file, match, line) =>
      BARE_THROW_FILES[file] ? null : `${file}:${line} ${match[0]}`,
    );
    expect(bare).toEqual([]);
  });

  it("the scans see what they look for (each allow-listed entry is still there)", () => {
    const classes = scan(EXTENDS_BUILTIN, (file, match) => `${file} ${match[1]}`);
    for (const entry of Object.keys(OWN_ERROR_CLASSES)) expect(classes).toContain(entry);
    const throws = scan(BARE_THROW, (file) => file);
    for (const file of Object.keys(BARE_THROW_FILES)) expect(throws).toContain(file);
  });
});
