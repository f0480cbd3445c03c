/**
 * The `ui` config key: key bindings, theme name, terminal notifications and mouse wheel for the TUI.
 * Validation only; the TUI owns what each action does.
 */
import * as z from "zod/mini";
import "../schema-locale.js";

/**
 * Actions read only inside one view or question (the changes view, the scorecard, settings side by
 * side, a yes/no question): the same chord may serve two of them, so the TUI checks their chords
 * per view instead of here.
 */
export const SCOPED_KEY_ACTIONS = [
  "changes-scope",
  "changes-previous-turn",
  "changes-next-turn",
  "changes-commit",
  "changes-merge",
  "changes-discard",
  "yes",
  "no",
  "quit-detach",
  "quit-halt-all",
  "scorecard-open",
  "scorecard-pick",
  "scorecard-discard",
  "compare-only-differing",
  "broadcast-mark-all",
] as const;

/** Actions a key can be bound to (issue 5 items 2, 4, 6, 7). Additive: the TUI may add more. */
export const KEY_ACTIONS = [
  "focus-left",
  "focus-right",
  "focus-up",
  "focus-down",
  "focus-next",
  "focus-previous",
  "focus-pane-1",
  "focus-pane-2",
  "focus-pane-3",
  "focus-pane-4",
  "focus-pane-5",
  "focus-pane-6",
  "focus-pane-7",
  "focus-pane-8",
  "focus-pane-9",
  "zoom",
  "close-pane",
  "reopen-pane",
  "jump-attention",
  "inbox",
  "toggle-notices",
  "new-session",
  "inspector",
  "changes",
  "help",
  "scroll-up",
  "scroll-down",
  "approve",
  "deny",
  "edit",
  "abstain",
  "allow-always",
  "allow-always-path",
  "full-view",
  "interrupt",
  "halt",
  "resume",
  "halt-all",
  "quit",
  "broadcast",
  "compare-settings",
  "race",
  "scorecard",
  ...SCOPED_KEY_ACTIONS,
] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];

export const KEY_MODIFIERS = ["ctrl", "alt", "shift", "meta"] as const;
export type KeyModifier = (typeof KEY_MODIFIERS)[number];

export const NAMED_KEYS = [
  "up",
  "down",
  "left",
  "right",
  "pageup",
  "pagedown",
  "home",
  "end",
  "tab",
  "enter",
  "escape",
  "backspace",
  "delete",
  "space",
  "f1",
  "f2",
  "f3",
  "f4",
  "f5",
  "f6",
  "f7",
  "f8",
  "f9",
  "f10",
  "f11",
  "f12",
] as const;

export interface KeyChord {
  readonly modifiers: readonly KeyModifier[];
  /** A named key (see NAMED_KEYS) or one printable ASCII character. */
  readonly key: string;
}

/**
 * Parse `ctrl+alt+x`, `Alt+1`, `?`, `PageDown`, `ctrl++`. Modifiers come first, each once;
 * the result's modifiers are in KEY_MODIFIERS order, so equal chords compare equal.
 */
export function parseKeyChord(text: string): KeyChord | { readonly error: string } {
  if (text.length === 0) return { error: "a key chord cannot be empty" };
  // "+" alone, or after a separator ("ctrl++"), is the plus key itself.
  const plusKey = text === "+" || text.endsWith("++");
  const mods0 = plusKey ? text.slice(0, -2) : text;
  if (text === "++") return { error: `"++" is ambiguous; write "+" for the plus key` };
  const parts = plusKey ? [...(mods0 === "" ? [] : mods0.split("+")), "+"] : text.split("+");
  // Modifiers and named keys in any case ("Alt+PageDown", as the README and help spell them); a
  // single letter keeps its case, which means shift ("alt+X" is alt+shift+x).
  const last = parts[parts.length - 1]!;
  const key = last.length > 1 ? last.toLowerCase() : last;
  const mods = parts.slice(0, -1).map((m) => m.toLowerCase());
  const seen = new Set<KeyModifier>();
  for (const mod of mods) {
    if (!(KEY_MODIFIERS as readonly string[]).includes(mod)) {
      return {
        error: `unknown modifier ${JSON.stringify(mod)} in ${JSON.stringify(text)}; modifiers are ${KEY_MODIFIERS.join(", ")}`,
      };
    }
    if (seen.has(mod as KeyModifier)) return { error: `modifier ${mod} repeated in ${JSON.stringify(text)}` };
    seen.add(mod as KeyModifier);
  }
  const named = (NAMED_KEYS as readonly string[]).includes(key);
  const printable = key.length === 1 && key >= "!" && key <= "~";
  if (!named && !printable) {
    return {
      error: `unknown key ${JSON.stringify(key)} in ${JSON.stringify(text)}; use one printable character or one of ${NAMED_KEYS.join(", ")}`,
    };
  }
  return { modifiers: KEY_MODIFIERS.filter((m) => seen.has(m)), key };
}

export function formatKeyChord(chord: KeyChord): string {
  return [...chord.modifiers, chord.key].join("+");
}

const keyChordSchema = z.string().check(
  z.superRefine((text, ctx) => {
    const parsed = parseKeyChord(text);
    if ("error" in parsed) ctx.addIssue({ code: "custom", message: parsed.error });
  }),
);

const keysSchema = z.partialRecord(z.enum(KEY_ACTIONS), keyChordSchema).check(
  z.superRefine((keys, ctx) => {
    // Two actions on one chord would make one of them unreachable.
    const byChord = new Map<string, string>();
    for (const action of KEY_ACTIONS) {
      if ((SCOPED_KEY_ACTIONS as readonly string[]).includes(action)) continue;
      const text = keys[action];
      if (text === undefined) continue;
      const parsed = parseKeyChord(text);
      if ("error" in parsed) continue;
      const norm = formatKeyChord(parsed);
      const other = byChord.get(norm);
      if (other !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: [action],
          message: `${JSON.stringify(text)} is already bound to ${other}; bind each chord to one action`,
        });
      } else {
        byChord.set(norm, action);
      }
    }
  }),
);

export const NOTIFICATION_METHODS = ["osc9", "osc777", "bel", "off"] as const;

/** What a session can start waiting on: each kind is notified or not on its own. */
export const NOTIFICATION_KINDS = ["approval", "question", "failure"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationsSchema = z.strictObject({
  enabled: z.optional(z.boolean()),
  method: z.optional(z.enum(NOTIFICATION_METHODS)),
  cooldownSeconds: z.optional(z.number().check(z.gte(0), z.lte(86_400))),
  /** Per kind: false keeps that kind quiet (all on by default). */
  kinds: z.optional(
    z.strictObject({
      approval: z.optional(z.boolean()),
      question: z.optional(z.boolean()),
      failure: z.optional(z.boolean()),
    }),
  ),
});

/** A theme is named by its file stem in themes/ (default, light, high-contrast, …). */
export const themeNameSchema = z.string().check(
  z.regex(/^[a-z0-9][a-z0-9-]*$/, {
    error:
      "a theme name is a themes/*.json file stem: lowercase letters, digits and dashes (e.g. default, light, high-contrast)",
  }),
);

/**
 * How the TUI's frames reach the terminal: "line-diff", hmux's writer rewriting only the cells that
 * changed (src/ui/render/frame-sink.ts); "ink", Ink's own incremental rendering (changed lines).
 */
export const RENDERERS = ["line-diff", "ink"] as const;
export type Renderer = (typeof RENDERERS)[number];

export const uiSchema = z.strictObject({
  keys: z.optional(keysSchema),
  theme: z.optional(themeNameSchema),
  notifications: z.optional(notificationsSchema),
  /** Mouse-wheel scrolling of the pane under the pointer (off by default: it takes the terminal's own selection). */
  mouse: z.optional(z.boolean()),
  renderer: z.optional(z.enum(RENDERERS)),
});
export type UiConfig = z.infer<typeof uiSchema>;
