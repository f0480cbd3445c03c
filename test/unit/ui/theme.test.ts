import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadTheme, parseTheme, THEMES_DIR, ThemeError, toneColor } from "../../../src/ui/theme/theme.js";

describe("themes", () => {
  it("every themes/*.json validates, and the three built-ins exist", () => {
    const names = readdirSync(THEMES_DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.replace(/\.json$/, ""));
    expect(names).toEqual(expect.arrayContaining(["default", "light", "high-contrast"]));
    for (const n of names) expect(loadTheme(n, {}).name).toBe(n);
  });

  it("the default theme uses only the terminal's 16 ANSI colours", () => {
    const t = loadTheme("default", {});
    expect(t.colors.text).toBeUndefined();
    expect(t.colors.error).toBe("red");
    expect(toneColor(t, "dim")).toBeUndefined();
  });

  it("NO_COLOR turns every colour off", () => {
    const t = loadTheme("high-contrast", { NO_COLOR: "1" });
    expect(t.noColor).toBe(true);
    expect(Object.values(t.colors).every((c) => c === undefined)).toBe(true);
  });

  it("a custom colour outside the ANSI palette is refused with its path", () => {
    expect(() => parseTheme({ name: "x", colors: { text: "#ff0000" } }, "x.json")).toThrow(ThemeError);
    expect(() => parseTheme({ name: "x", colors: { text: "#ff0000" } }, "x.json")).toThrow(/x\.json: colors/);
  });

  it("an unknown theme name is a clear error listing the built-ins", () => {
    expect(() => loadTheme("nope", {})).toThrow(/built-in: default, light, high-contrast/);
  });
});
