/**
 * The TUI's packages as the build ships them (scripts/build.mjs, rebuilt by the test setup): Ink and
 * React bundled under dist/vendor/, so the compiled client instantiates a handful of modules instead of
 * Ink's ~500, holds React's production build only, and still bounds Ink's text caches.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AMENDMENTS, amendInkSource } from "../../../src/ui/render/ink-cache-bounds.js";
import { REPO } from "./cli-harness.js";

const DIST = join(REPO, "dist");
const VENDOR = join(DIST, "vendor");

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

const INK_BUILD = join(REPO, "node_modules", "ink", "build");
const NAME = /[A-Za-z_$][\w$]*/g;

/**
 * The names an amendment brings into Ink that Ink's own build never uses: they survive bundling (a
 * bundle reprints code, drops imports, and may suffix a name with a digit), so finding each of them in
 * the bundle shows the amendment was made there.
 */
function namesAddedBy(file: string): string[] {
  const ink = readdirSync(INK_BUILD)
    .filter((f) => f.endsWith(".js"))
    .map((f) => readFileSync(join(INK_BUILD, f), "utf8"))
    .join("\n");
  const known = new Set(ink.match(NAME));
  const added = AMENDMENTS.find((a) => a.file === file)?.edits.flatMap((e) => e.replace.match(NAME) ?? []) ?? [];
  return [...new Set(added)].filter((n) => !known.has(n));
}

const vendored = (): string =>
  jsFiles(VENDOR)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");

describe("the compiled TUI's bundled packages", () => {
  it("hmux's modules import React and Ink only from the bundle, never from node_modules", () => {
    const bare = /\bfrom\s*"(react|react\/jsx-runtime|ink|ink-text-input|react-reconciler)"/;
    const offenders = jsFiles(DIST).filter((f) => !f.startsWith(VENDOR) && bare.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
    // The bundle is what they import instead.
    const ui = readFileSync(join(DIST, "ui", "App.js"), "utf8");
    expect(ui).toMatch(/from "\.\.\/vendor\/react-jsx-runtime\.js"/);
    expect(ui).toMatch(/from "\.\.\/vendor\/ink\.js"/);
  });

  it("the bundle holds React's production build and no development build", () => {
    const code = vendored();
    // Text only the production reconciler has, and text only the development one has.
    expect(code).toContain("Minified React error #");
    expect(code).not.toMatch(/react-reconciler\.development|react\.development|checkPropTypes/);
  });

  it("the bundle holds no module Ink loads only for a React DevTools connection", () => {
    expect(vendored()).not.toMatch(/react-devtools-core\/dist|connectToDevTools\(/);
  });

  it("Ink is bundled with the same amendments hmux makes when Ink loads from node_modules", () => {
    const code = vendored();
    const checked = AMENDMENTS.filter(({ file }) => {
      // Only an amendment that applies to the installed Ink is made (ink-cache-bounds.test.ts checks that each does).
      if (amendInkSource(file, readFileSync(join(INK_BUILD, file), "utf8")) === null) return false;
      const names = namesAddedBy(file);
      for (const name of names)
        expect(code, `${file}: ${name}`).toMatch(new RegExp(`\\b${name.replace("$", "\\$")}\\d*\\b`));
      return names.length > 0;
    });
    // The caches' bounds and the compositor's hand-off bring names of their own.
    expect(checked.map((a) => a.file)).toEqual(
      expect.arrayContaining(["measure-text.js", "wrap-text.js", "output.js"]),
    );
  });
});
