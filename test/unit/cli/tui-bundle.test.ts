/**
 * The TUI's packages as the build ships them (scripts/build.mjs, rebuilt by the test setup): Ink and
 * React bundled under dist/vendor/, so the compiled client instantiates a handful of modules instead of
 * Ink's ~500, holds React's production build only, and still bounds Ink's text caches.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { AMENDMENTS } from "../../../src/ui/render/ink-cache-bounds.js";
import { REPO } from "./cli-harness.js";

const DIST = join(REPO, "dist");
const VENDOR = join(DIST, "vendor");

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

/**
 * A pattern for a snippet as esbuild prints it into the bundle: reprinted (4000 becomes 4e3), any
 * spacing, a top-level let as var, and a module's top-level name possibly suffixed with a digit where two modules share it.
 */
function asBundled(snippet: string): RegExp {
  const printed = transformSync(snippet, { loader: "js" }).code;
  const tokens = printed.match(/[A-Za-z_$][\w$]*|\d[\w.]*|\S/g) ?? [];
  const literal = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = (t: string): string =>
    /^(let|const|var)$/.test(t) ? "(?:let|const|var)" : /^[A-Za-z_$]/.test(t) ? `${literal(t)}\\d*` : literal(t);
  return new RegExp(tokens.map(pattern).join("\\s*"));
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

  it("Ink's text caches are bounded in the bundle as they are when Ink loads from node_modules", () => {
    const code = vendored();
    for (const { file, edits } of AMENDMENTS)
      for (const { replace } of edits) expect(code, `${file}: ${replace}`).toMatch(asBundled(replace));
  });
});
