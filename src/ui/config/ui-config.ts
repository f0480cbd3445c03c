/**
 * The TUI's settings, from the config file's `ui` section (schema: src/core/config/ui-schema.ts).
 * Chords are respelled into the TUI's key names; a binding that would steal a
 * reserved key, or two global commands sharing a key, is a typed error naming both.
 */
import type { UiConfig as UiConfigFile } from "../../core/config/ui-schema.js";
import { parseKeyChord } from "../../core/config/ui-schema.js";
import { KEY_SCOPES, type KeyScope } from "../keys/key-scopes.js";
import {
  APPROVAL_COMMANDS,
  CONFIG_ACTION,
  type Command,
  DEFAULT_KEYMAP,
  GLOBAL_COMMANDS,
  type Keymap,
  RESERVED_KEYS,
} from "../keys/keymap.js";

export interface NotifyConfig {
  readonly enabled: boolean;
  /** "auto": OSC 9 where the terminal is known to show it, else BEL. */
  readonly method: "auto" | "osc9" | "bel" | "off";
  readonly cooldownSeconds: number;
}

export interface UiConfig {
  readonly keymap: Keymap;
  readonly notify: NotifyConfig;
  readonly theme: string;
  readonly commitMs: number;
  /** Mouse-wheel scrolling (SGR mouse reporting while the TUI runs). */
  readonly mouse: boolean;
}

export class UiConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UiConfigError";
  }
}

export const DEFAULT_NOTIFY: NotifyConfig = { enabled: true, method: "auto", cooldownSeconds: 20 };

const NAMED_TO_TUI: Readonly<Record<string, string>> = { enter: "return", space: " " };

/** A config chord ("alt+1", "meta+x", "?", "pagedown") in the TUI's key-name spelling. */
export function chordToKeyName(text: string): string {
  const chord = parseKeyChord(text);
  if ("error" in chord) throw new UiConfigError(chord.error);
  const key = NAMED_TO_TUI[chord.key] ?? chord.key;
  const mods = new Set<string>(chord.modifiers.map((m) => (m === "meta" ? "alt" : m)));
  // "alt+X" is how the terminal reports alt+shift+x.
  let base = key;
  if (key.length === 1 && /[A-Z]/.test(key) && mods.size > 0) {
    mods.add("shift");
    base = key.toLowerCase();
  }
  if (mods.size === 0) return base;
  return [...["ctrl", "alt", "shift"].filter((m) => mods.has(m)), base].join("+");
}

export function buildKeymap(overrides: Readonly<Partial<Record<string, string>>> | undefined): Keymap {
  const map: Record<string, readonly string[]> = { ...DEFAULT_KEYMAP };
  for (const [command, action] of Object.entries(CONFIG_ACTION)) {
    const chord = action === undefined ? undefined : overrides?.[action];
    if (chord !== undefined) map[command] = [chordToKeyName(chord)];
  }
  const owner = new Map<string, string>();
  for (const command of GLOBAL_COMMANDS) {
    const action = CONFIG_ACTION[command] ?? command;
    for (const key of map[command]!) {
      if (RESERVED_KEYS.has(key))
        throw new UiConfigError(`ui.keys.${action}: "${key}" is reserved for the input line and the harnesses`);
      if (key.length === 1 && command !== "help") {
        throw new UiConfigError(
          `ui.keys.${action}: "${key}" is a plain character; it belongs to the input line (use an alt+ or ctrl+ chord)`,
        );
      }
      const prior = owner.get(key);
      if (prior) throw new UiConfigError(`ui.keys: "${key}" is bound to both ${prior} and ${action}`);
      owner.set(key, action);
    }
  }
  // Approval keys act only while an approval is shown, so they may reuse no global key (the
  // global one would always win) and no other approval key.
  for (const command of APPROVAL_COMMANDS) {
    const action = CONFIG_ACTION[command] ?? command;
    for (const key of map[command]!) {
      const prior = owner.get(key);
      if (prior) throw new UiConfigError(`ui.keys: "${key}" is bound to both ${prior} and ${action}`);
      owner.set(key, action);
    }
  }
  for (const scope of KEY_SCOPES) checkScope(map, scope);
  return map as Keymap;
}

/** Inside one view or question a key stands for one thing: its own command, a global it answers, or a key it reads. */
function checkScope(map: Readonly<Record<string, readonly string[]>>, scope: KeyScope): void {
  const owner = new Map<string, string>();
  for (const command of scope.globals)
    for (const key of map[command]!) owner.set(key, CONFIG_ACTION[command] ?? command);
  for (const command of scope.own) {
    const action = CONFIG_ACTION[command] ?? command;
    for (const key of map[command]!) {
      if (scope.fixed.includes(key))
        throw new UiConfigError(`ui.keys.${action}: "${key}" is read by ${scope.name} itself; choose another key`);
      const prior = owner.get(key);
      if (prior) throw new UiConfigError(`ui.keys: "${key}" is bound to both ${prior} and ${action} in ${scope.name}`);
      owner.set(key, action);
    }
  }
}

/** The TUI's settings from an already-validated `ui` section (absent: defaults). */
export function uiConfigFrom(
  file: UiConfigFile | undefined,
  overrides: { theme?: string; mouse?: boolean } = {},
): UiConfig {
  const n = file?.notifications;
  return {
    keymap: buildKeymap(file?.keys as Partial<Record<string, string>> | undefined),
    notify: {
      enabled: n?.enabled ?? DEFAULT_NOTIFY.enabled,
      method: n?.method ?? DEFAULT_NOTIFY.method,
      cooldownSeconds: n?.cooldownSeconds ?? DEFAULT_NOTIFY.cooldownSeconds,
    },
    theme: overrides.theme ?? file?.theme ?? "default",
    commitMs: 80,
    mouse: overrides.mouse ?? file?.mouse ?? false,
  };
}

export const DEFAULT_UI_CONFIG: UiConfig = uiConfigFrom(undefined);

export type { Command };
