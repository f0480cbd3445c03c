/**
 * The TUI's settings, from the config file's `ui` section (schema: src/core/config/ui-schema.ts).
 * Chords are respelled into the TUI's key names; a binding that would steal a reserved key, or
 * two configured commands sharing a key, is a typed error naming both. A configured key wins over
 * a default binding of the same key, which is dropped and named in a notice.
 */

import type { UiConfig as UiConfigFile } from "../../core/config/ui-schema.js";
import { type NotificationKind, parseKeyChord, type Renderer } from "../../core/config/ui-schema.js";
import { HmuxError } from "../../core/hmux-error.js";
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
  /** "auto": OSC 9 where the terminal is known to show it, else BEL; osc777 is rxvt's and foot's `notify`. */
  readonly method: "auto" | "osc9" | "osc777" | "bel" | "off";
  readonly cooldownSeconds: number;
  /** Which kinds of waiting are notified (absent: all). */
  readonly kinds?: Readonly<Record<NotificationKind, boolean>>;
}

export interface UiConfig {
  readonly keymap: Keymap;
  /** What a configured key took from a default binding, said on the status line once the TUI opens. */
  readonly keyNotices: readonly string[];
  readonly notify: NotifyConfig;
  readonly theme: string;
  readonly commitMs: number;
  /** Mouse-wheel scrolling (SGR mouse reporting while the TUI runs). */
  readonly mouse: boolean;
  /** How frames reach the terminal (src/ui/render/renderer.ts says why the default is the default). */
  readonly renderer: Renderer;
}

/** A `ui` section of a config file the TUI cannot use (a clash of keys, a reserved key). */
export class UiConfigError extends HmuxError {
  constructor(message: string) {
    super("invalid-config", message);
    this.name = "UiConfigError";
  }
}

export const DEFAULT_RENDERER: Renderer = "line-diff";

export const DEFAULT_NOTIFY: NotifyConfig = {
  enabled: true,
  method: "auto",
  cooldownSeconds: 20,
  kinds: { approval: true, question: true, failure: true },
};

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

/** The keymap, and what a configured key took from a default binding (said once the TUI opens). */
export interface ResolvedKeymap {
  readonly keymap: Keymap;
  readonly notices: readonly string[];
}

const actionOf = (command: Command): string => CONFIG_ACTION[command] ?? command;

/**
 * The default keymap with the configured chords over it. A key configured for one command that
 * a default binding of another holds is the configured one's: the default loses that key (a
 * notice says so, and what it keeps); two configured commands on one key are refused.
 */
export function resolveKeymap(overrides: Readonly<Partial<Record<string, string>>> | undefined): ResolvedKeymap {
  const map: Record<string, readonly string[]> = { ...DEFAULT_KEYMAP };
  const configured = new Set<Command>();
  for (const [command, action] of Object.entries(CONFIG_ACTION)) {
    const chord = action === undefined ? undefined : overrides?.[action];
    if (chord === undefined) continue;
    map[command] = [chordToKeyName(chord)];
    configured.add(command as Command);
  }
  const notices: string[] = [];
  const settle: Settle = (key, prior, command, where, droppable = () => true) => {
    const [winner, loser] = configured.has(command) ? [command, prior] : [prior, command];
    if (configured.has(prior) === configured.has(command) || !droppable(loser))
      throw new UiConfigError(`ui.keys: "${key}" is bound to both ${actionOf(prior)} and ${actionOf(command)}${where}`);
    map[loser] = map[loser]!.filter((k) => k !== key);
    const left = map[loser]!;
    notices.push(
      `ui.keys: ${key} is ${actionOf(winner)} now, as configured; ${actionOf(loser)} ${left.length > 0 ? `keeps ${left.join(", ")}` : "has no key left"}`,
    );
    return winner;
  };
  const owner = new Map<string, Command>();
  for (const command of GLOBAL_COMMANDS) {
    const action = actionOf(command);
    for (const key of [...map[command]!]) {
      if (RESERVED_KEYS.has(key))
        throw new UiConfigError(`ui.keys.${action}: "${key}" is reserved for the input line and the harnesses`);
      if (key.length === 1 && command !== "help") {
        throw new UiConfigError(
          `ui.keys.${action}: "${key}" is a plain character; it belongs to the input line (use an alt+ or ctrl+ chord)`,
        );
      }
      const prior = owner.get(key);
      owner.set(key, prior ? settle(key, prior, command, "") : command);
    }
  }
  // Approval keys act only while an approval is shown, so they may reuse no global key (the
  // global one would always win) and no other approval key.
  for (const command of APPROVAL_COMMANDS) {
    for (const key of [...map[command]!]) {
      const prior = owner.get(key);
      owner.set(key, prior ? settle(key, prior, command, "") : command);
    }
  }
  for (const scope of KEY_SCOPES) checkScope(map, scope, settle);
  return { keymap: map as Keymap, notices };
}

export function buildKeymap(overrides: Readonly<Partial<Record<string, string>>> | undefined): Keymap {
  return resolveKeymap(overrides).keymap;
}

/** Two commands want `key`: returns the one that keeps it (the other loses it), or throws when neither may yield. */
type Settle = (
  key: string,
  prior: Command,
  command: Command,
  where: string,
  droppable?: (c: Command) => boolean,
) => Command;

/** Inside one view or question a key stands for one thing: its own command, a global it answers, or a key it reads. */
function checkScope(map: Record<string, readonly string[]>, scope: KeyScope, settle: Settle): void {
  const owner = new Map<string, Command>();
  for (const command of scope.globals) for (const key of map[command]!) owner.set(key, command);
  for (const command of scope.own) {
    const action = actionOf(command);
    for (const key of [...map[command]!]) {
      if (scope.fixed.includes(key))
        throw new UiConfigError(`ui.keys.${action}: "${key}" is read by ${scope.name} itself; choose another key`);
      const prior = owner.get(key);
      // A global answered here keeps its key: losing it would lose it everywhere, not only here.
      const own = (c: Command): boolean => (scope.own as readonly Command[]).includes(c);
      owner.set(key, prior ? settle(key, prior, command, ` in ${scope.name}`, own) : command);
    }
  }
}

/** The TUI's settings from an already-validated `ui` section (absent: defaults). */
export function uiConfigFrom(
  file: UiConfigFile | undefined,
  overrides: { theme?: string; mouse?: boolean } = {},
): UiConfig {
  const n = file?.notifications;
  const keys = resolveKeymap(file?.keys as Partial<Record<string, string>> | undefined);
  return {
    keymap: keys.keymap,
    keyNotices: keys.notices,
    notify: {
      enabled: n?.enabled ?? DEFAULT_NOTIFY.enabled,
      method: n?.method ?? DEFAULT_NOTIFY.method,
      cooldownSeconds: n?.cooldownSeconds ?? DEFAULT_NOTIFY.cooldownSeconds,
      kinds: {
        approval: n?.kinds?.approval ?? true,
        question: n?.kinds?.question ?? true,
        failure: n?.kinds?.failure ?? true,
      },
    },
    theme: overrides.theme ?? file?.theme ?? "default",
    commitMs: 80,
    mouse: overrides.mouse ?? file?.mouse ?? false,
    renderer: file?.renderer ?? DEFAULT_RENDERER,
  };
}

export const DEFAULT_UI_CONFIG: UiConfig = uiConfigFrom(undefined);

export type { Command };
