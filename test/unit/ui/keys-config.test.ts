import { describe, expect, it } from "vitest";
import type { Config } from "../../../src/core/config/schema.js";
import { UNKNOWN_TRUST } from "../../../src/core/config/trust.js";
import { KEY_ACTIONS, uiSchema } from "../../../src/core/config/ui-schema.js";
import { uiConfigOf } from "../../../src/main/open-tui.js";
import {
  buildKeymap,
  chordToKeyName,
  resolveKeymap,
  UiConfigError,
  uiConfigFrom,
} from "../../../src/ui/config/ui-config.js";
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

  it("two configured commands on one key are refused, naming both", () => {
    expect(() => buildKeymap({ halt: "alt+z", zoom: "alt+z" })).toThrow(
      /"alt\+z" is bound to both (zoom and halt|halt and zoom)/,
    );
    expect(() => buildKeymap({ approve: "y", deny: "y" })).toThrow(
      /"y" is bound to both (approve and deny|deny and approve)/,
    );
  });

  it("the ui example in docs/config.md builds: a configured key takes it from the default holder, said in a notice", () => {
    const ui = uiSchema.parse({ keys: { quit: "ctrl+q", interrupt: "alt+i", "focus-pane-1": "alt+1" } });
    const c = uiConfigFrom(ui);
    expect(c.keymap["turn.interrupt"]).toEqual(["alt+i"]);
    expect(c.keymap.inspector).toEqual([]);
    expect(c.keymap["app.quit"]).toEqual(["ctrl+q"]);
    expect(c.keymap["focus.1"]).toEqual(["alt+1"]);
    expect(c.keyNotices).toEqual(["ui.keys: alt+i is interrupt now, as configured; inspector has no key left"]);
  });

  it("a configured approval key takes a default key from another approval key or a global, which keeps the rest", () => {
    const deny = resolveKeymap({ approve: "d" });
    expect(deny.keymap["approval.allow"]).toEqual(["d"]);
    expect(deny.keymap["approval.deny"]).toEqual([]);
    expect(deny.notices).toEqual(["ui.keys: d is approve now, as configured; deny has no key left"]);
    const help = resolveKeymap({ approve: "?" });
    expect(help.keymap.help).toEqual(["f1"]);
    expect(help.notices).toEqual(["ui.keys: ? is approve now, as configured; help keeps f1"]);
    expect(resolveKeymap({ approve: "y" }).notices).toEqual([]);
  });

  it("a global a view still answers keeps its key there: a view's own key on it is refused", () => {
    expect(() => buildKeymap({ "quit-detach": "ctrl+q" })).toThrow(
      /"ctrl\+q" is bound to both quit and quit-detach in the quit question/,
    );
  });

  it("modifiers and named keys are read in any case; a letter keeps its case", () => {
    expect(chordToKeyName("Alt+z")).toBe("alt+z");
    expect(chordToKeyName("CTRL+Alt+PageDown")).toBe("ctrl+alt+pagedown");
    expect(chordToKeyName("Alt+Q")).toBe("alt+shift+q");
    expect(chordToKeyName("F1")).toBe("f1");
    expect(uiSchema.safeParse({ keys: { zoom: "Alt+Q" } }).success).toBe(true);
    expect(uiSchema.safeParse({ keys: { zoom: "Hyper+q" } }).success).toBe(false);
  });

  it("notifications and theme come through; defaults when absent", () => {
    const c = uiConfigFrom(uiSchema.parse({ theme: "light", notifications: { method: "bel", cooldownSeconds: 5 } }));
    expect(c.theme).toBe("light");
    expect(c.notify).toEqual({
      enabled: true,
      method: "bel",
      cooldownSeconds: 5,
      kinds: { approval: true, question: true, failure: true },
    });
    expect(uiConfigFrom(undefined).notify.method).toBe("auto");
  });
});

describe("a key error from the config files", () => {
  it("names the file that binds the keys", () => {
    const path = "/home/u/.config/hmux/config.json";
    const user = { version: 1, ui: { keys: { interrupt: "enter" } } } as Config;
    expect(() =>
      uiConfigOf({ user, userPath: path, projectPath: null, gitRoot: null, projectTrust: UNKNOWN_TRUST }),
    ).toThrow(`${path}: ui.keys.interrupt: "return" is reserved for the input line and the harnesses`);
  });
});
