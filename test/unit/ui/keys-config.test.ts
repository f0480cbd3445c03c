import { describe, expect, it } from "vitest";
import { KEY_ACTIONS, uiSchema } from "../../../src/core/config/ui-schema.js";
import { buildKeymap, chordToKeyName, UiConfigError, uiConfigFrom } from "../../../src/ui/config/ui-config.js";
import { keyName } from "../../../src/ui/keys/key-name.js";
import {
  APPROVAL_COMMANDS,
  CONFIG_ACTION,
  DEFAULT_KEYMAP,
  GLOBAL_COMMANDS,
  OVERLAY_COMMANDS,
  RESERVED_KEYS,
} from "../../../src/ui/keys/keymap.js";
import { inkKey } from "../../helpers/ink-key.js";

const key = inkKey;

describe("key names", () => {
  it("names alt+arrows, alt+digits, ctrl letters, escape and paging", () => {
    expect(keyName("", key({ leftArrow: true, meta: true }))).toBe("alt+left");
    expect(keyName("3", key({ meta: true }))).toBe("alt+3");
    expect(keyName("X", key({ meta: true, shift: true }))).toBe("alt+shift+x");
    expect(keyName("q", key({ ctrl: true }))).toBe("ctrl+q");
    expect(keyName("", key({ escape: true, meta: true }))).toBe("escape");
    expect(keyName("", key({ pageUp: true }))).toBe("pageup");
    expect(keyName("?", key({}))).toBe("?");
  });

  it("config chords are respelled in the TUI's key names", () => {
    expect(chordToKeyName("meta+1")).toBe("alt+1");
    expect(chordToKeyName("ctrl+alt+k")).toBe("ctrl+alt+k");
    expect(chordToKeyName("alt+X")).toBe("alt+shift+x");
    expect(chordToKeyName("enter")).toBe("return");
  });
});

describe("bindings from config (ui.keys)", () => {
  it("defaults bind every global command without a reserved or plain key", () => {
    for (const c of GLOBAL_COMMANDS) {
      for (const k of DEFAULT_KEYMAP[c]) {
        expect(RESERVED_KEYS.has(k)).toBe(false);
        if (c !== "help") expect(k.length).toBeGreaterThan(1);
      }
    }
  });

  it("every command has a config action name the schema accepts, so every key can be rebound", () => {
    for (const c of [...GLOBAL_COMMANDS, ...APPROVAL_COMMANDS, ...OVERLAY_COMMANDS]) {
      const action = CONFIG_ACTION[c];
      expect(action, c).toBeDefined();
      expect(KEY_ACTIONS as readonly string[]).toContain(action);
    }
  });

  it("the jump-to-attention and notices keys are rebound by name", () => {
    const { keymap } = uiConfigFrom(uiSchema.parse({ keys: { "jump-attention": "alt+j", "toggle-notices": "f2" } }));
    expect(keymap["attention.jump"]).toEqual(["alt+j"]);
    expect(keymap["pane.notices"]).toEqual(["f2"]);
  });

  it("a configured chord replaces the default", () => {
    const ui = uiSchema.parse({ keys: { zoom: "ctrl+alt+z", halt: "alt+h" } });
    const { keymap } = uiConfigFrom(ui);
    expect(keymap["pane.zoom"]).toEqual(["ctrl+alt+z"]);
    expect(keymap["session.halt"]).toEqual(["alt+h"]);
  });

  it("binding a key the input line or a harness needs is refused by name", () => {
    expect(() => buildKeymap({ interrupt: "enter" })).toThrow(UiConfigError);
    expect(() => buildKeymap({ interrupt: "ctrl+d" })).toThrow(/reserved/);
    expect(() => buildKeymap({ halt: "x" })).toThrow(/plain character/);
  });

  it("two commands on one key is refused, naming both", () => {
    expect(() => buildKeymap({ halt: "alt+z" })).toThrow(/alt\+z.*zoom.*halt|alt\+z.*halt.*zoom/);
  });

  it("an approval key shared with another approval key or a global key is refused, naming both", () => {
    expect(() => buildKeymap({ approve: "d" })).toThrow(/"d" is bound to both (deny and approve|approve and deny)/);
    expect(() => buildKeymap({ approve: "?" })).toThrow(/"\?" is bound to both help and approve/);
    expect(buildKeymap({ approve: "y" })["approval.allow"]).toEqual(["y"]);
  });

  it("notifications and theme come through; defaults when absent", () => {
    const c = uiConfigFrom(uiSchema.parse({ theme: "light", notifications: { method: "bel", cooldownSeconds: 5 } }));
    expect(c.theme).toBe("light");
    expect(c.notify).toEqual({ enabled: true, method: "bel", cooldownSeconds: 5 });
    expect(uiConfigFrom(undefined).notify.method).toBe("auto");
  });
});
