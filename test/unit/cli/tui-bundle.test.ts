/**
 * The TUI's packages as the build ships them (scripts/build.mjs, rebuilt by the test setup): Ink and
 * React bundled under dist/vendor/, so the compiled client instantiates a handful of modules instead of
 * Ink's ~500, holds React's production build only, and holds Ink's own files as Ink wrote them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./cli-harness.js";

const DIST = join(REPO, "dist");
const VENDOR = join(DIST, "vendor");

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? jsFiles(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : [],
  );
}

const vendored = (): string =>
  jsFiles(VENDOR)
    .map((f) => readFileSync(f, "utf8"))
    .join("\n");

describe("the compiled TUI's bundled packages", () => {
  it("hmux's modules import React and Ink only from the bundle, never from node_modules", () => {
    const bare = /\bfrom\s*"(react|react\/jsx-runtime|ink|react-reconciler)"/;
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

  it("the build reaches Ink through its public render options: no module hook amends a package as it loads", () => {
    // An amendment silently stops applying when Ink is upgraded; hmux's renderer is src/ui/render/renderer.ts.
    const hooked = jsFiles(DIST).filter(
      (f) => !f.startsWith(VENDOR) && /\b(registerHooks|module\.register)\(/.test(readFileSync(f, "utf8")),
    );
    expect(hooked).toEqual([]);
    expect(readFileSync(join(REPO, "scripts", "build.mjs"), "utf8")).not.toMatch(/amendInkSource|ink-cache-bounds/);
  });
});
