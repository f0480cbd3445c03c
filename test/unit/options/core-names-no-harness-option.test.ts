/**
 * A harness's own setting (codex's sandbox and context window, muse's write and shell gates and
 * step cap) is its module's: src/core carries options.harnessOptions and never names one. The
 * names come from the registry, so a setting added to a module is covered without editing this.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { TURN_OPTION_KEYS } from "../../../src/core/argv/option-keys.js";
import { CONFIG_KEYS } from "../../../src/core/config/schema.js";
import { BUILT_IN_DEFAULTS, BUILT_IN_PROFILE } from "../../../src/core/options/profile.js";
import { SETTING_ORDER } from "../../../src/core/options/resolve.js";
import { isCanonicalTool } from "../../../src/core/tools.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");
const CORE = join(ROOT, "src", "core");
const KEYS = [...new Set(builtinRegistry.harnessOptions.map((o) => o.key))];

/**
 * Where a harness option's word means something else in the core: a file (or a folder, ending in
 * `/`), the word and why. Each must still use the word (checked below), so none outlives its reason.
 */
const OTHER_MEANINGS: readonly { readonly path: string; readonly word: string; readonly why: string }[] = [
  { path: "src/core/control/capabilities.ts", word: "sandbox", why: "a channel's capability facet, on every row" },
  { path: "src/core/control/capability-builders.ts", word: "sandbox", why: "the same facet in a row's builder" },
  { path: "src/core/usage/", word: "contextWindow", why: "a model's window in a usage event, on every harness" },
  { path: "src/core/events.ts", word: "contextWindow", why: "the usage event's field for it" },
];

const excused = (path: string, word: string) =>
  OTHER_MEANINGS.some((m) => m.word === word && (m.path.endsWith("/") ? path.startsWith(m.path) : path === m.path));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Code without comments: a comment may name a harness's setting, code may not. */
function codeOf(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/**
 * What counts as naming a setting. A key that is also a canonical tool (write, shell) is a word the
 * core uses for tools, so for those only an option's shapes count: a property read that is not a
 * method call (`o.write`) and a boolean-valued key (`write?: boolean`, `shell: false`).
 */
function patternsFor(key: string): RegExp[] {
  if (!isCanonicalTool(key)) return [new RegExp(`\\b${key}\\b`, "g")];
  return [
    new RegExp(`\\.${key}\\b(?!\\s*\\()`, "g"),
    new RegExp(`\\b${key}\\??\\s*:\\s*(?:boolean|true|false|z\\.boolean)`, "g"),
  ];
}

/** Code without the text of its strings (`"file.write"` is a command's name, not a property read). */
function withoutStrings(code: string): string {
  return code.replace(/"(?:[^"\\\n]|\\.)*"/g, '""').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
}

function namings(code: string, path: string): string[] {
  const found: string[] = [];
  for (const key of KEYS) {
    if (excused(path, key)) continue;
    // A plain word counts in strings too (`"sandbox"` as a key); a tool's word only in code.
    const text = isCanonicalTool(key) ? withoutStrings(code) : code;
    for (const pattern of patternsFor(key)) for (const m of text.matchAll(pattern)) found.push(`${key}: ${m[0]}`);
  }
  return found;
}

describe("src/core names no harness's own setting", () => {
  it("the registry has harness settings to look for, among them codex's sandbox and muse's write and shell", () => {
    const owned = builtinRegistry.harnessOptions.map((o) => `${o.harness}.${o.key}`);
    expect(owned).toEqual(expect.arrayContaining(["codex.sandbox", "muse.write", "muse.shell"]));
  });

  it("no core source file names one in code", () => {
    const hits: Record<string, string[]> = {};
    for (const file of files(CORE)) {
      const path = relative(ROOT, file);
      const found = namings(codeOf(readFileSync(file, "utf8")), path);
      if (found.length > 0) hits[path] = found;
    }
    expect(hits).toEqual({});
  });

  it("the check finds a setting the way a core file would name it", () => {
    expect(namings("readonly sandbox?: string;", "src/core/x.ts")).toEqual(["sandbox: sandbox"]);
    expect(namings("if (o.write === false) out.push(1);", "src/core/x.ts")).toEqual(["write: .write"]);
    expect(namings("  shell?: boolean;", "src/core/x.ts")).toEqual(["shell: shell?: boolean"]);
    // A tool named write, a method called write: not the setting.
    expect(namings('const t = "write"; child.write(data); m["file.write"];', "src/core/x.ts")).toEqual([]);
  });

  it("each file excused for another meaning of a word still uses it", () => {
    for (const { path, word } of OTHER_MEANINGS) {
      const where = join(ROOT, path);
      const texts = path.endsWith("/")
        ? files(where).map((f) => readFileSync(f, "utf8"))
        : [readFileSync(where, "utf8")];
      expect(
        texts.some((t) => new RegExp(`\\b${word}\\b`).test(codeOf(t))),
        path,
      ).toBe(true);
    }
  });

  it("no normalized option, config key, profile or defaults entry is a harness's setting", () => {
    const normalized = new Set<string>([
      ...TURN_OPTION_KEYS,
      ...CONFIG_KEYS,
      ...SETTING_ORDER,
      ...Object.keys(BUILT_IN_PROFILE),
      ...Object.keys(BUILT_IN_DEFAULTS),
    ]);
    expect(KEYS.filter((k) => normalized.has(k))).toEqual([]);
    for (const d of builtinRegistry.descriptors) expect(KEYS.filter((k) => k in d.options)).toEqual([]);
  });
});
