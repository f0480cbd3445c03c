import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/core/config/parse.js";
import { formatKeyChord, parseKeyChord } from "../../../src/core/config/ui-schema.js";
import { TOOL_RULES } from "../../helpers/builtin-harnesses.js";

describe("key chords", () => {
  it.each([
    ["q", [], "q"],
    ["?", [], "?"],
    ["alt+1", ["alt"], "1"],
    ["shift+ctrl+pagedown", ["ctrl", "shift"], "pagedown"],
    ["ctrl++", ["ctrl"], "+"],
    ["+", [], "+"],
  ])("%s parses to modifiers %j and key %s", (text, modifiers, key) => {
    expect(parseKeyChord(text)).toEqual({ modifiers, key });
  });

  it.each(["", "++", "hyper+x", "ctrl+ctrl+x", "ctrl+", "ctrl+return!", "é", "alt+ "])(
    "%j is refused with a reason",
    (text) => {
      expect(parseKeyChord(text)).toHaveProperty("error");
    },
  );

  it("modifier order does not matter: both spellings format the same", () => {
    const a = parseKeyChord("shift+alt+x");
    const b = parseKeyChord("alt+shift+x");
    if ("error" in a || "error" in b) throw new Error("should parse");
    expect(formatKeyChord(a)).toBe(formatKeyChord(b));
  });

  it("two actions bound to one chord (in any modifier order) are refused naming the later action", () => {
    const result = parseConfig(
      JSON.stringify({ version: 1, ui: { keys: { halt: "alt+shift+h", quit: "shift+alt+h" } } }),
      "c.json",
      TOOL_RULES,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.keyPath).toBe("ui.keys.quit");
      expect(result.error.message).toContain("already bound to halt");
    }
  });

  it("a notification cooldown must be non-negative", () => {
    const result = parseConfig('{"version":1,"ui":{"notifications":{"cooldownSeconds":-5}}}', "c.json", TOOL_RULES);
    expect(!result.ok && result.error.keyPath).toBe("ui.notifications.cooldownSeconds");
  });
});
