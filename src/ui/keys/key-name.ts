/**
 * Canonical names for Ink key events ("alt+left", "ctrl+q", "pageup", "?"), the same
 * spelling the config file uses, so matching is a string lookup.
 */
import type { Key } from "ink";

const NAMED: ReadonlyArray<[keyof Key, string]> = [
  ["upArrow", "up"],
  ["downArrow", "down"],
  ["leftArrow", "left"],
  ["rightArrow", "right"],
  ["pageUp", "pageup"],
  ["pageDown", "pagedown"],
  ["home", "home"],
  ["end", "end"],
  ["return", "return"],
  ["tab", "tab"],
  ["backspace", "backspace"],
  ["delete", "delete"],
];

function mods(key: Key, alt: boolean): string {
  return `${key.ctrl ? "ctrl+" : ""}${alt ? "alt+" : ""}${key.shift ? "shift+" : ""}`;
}

/** F1 as xterm, the Linux console and rxvt send it; Ink's useInput reports it with no name. */
const F1 = new Set(["\u001bOP", "\u001b[11~", "\u001b[[A"]);

/** `raw`: the event's bytes as read (escape included), when known. */
export function keyName(input: string, key: Key, raw = ""): string {
  if (key.escape) return "escape";
  for (const [flag, name] of NAMED) {
    if (key[flag] === true) return `${mods(key, key.meta)}${name}`;
  }
  if (F1.has(raw)) return "f1";
  if (key.ctrl && input.length === 1) return `ctrl+${key.meta ? "alt+" : ""}${input.toLowerCase()}`;
  if (key.meta && input.length === 1) {
    const upper = /[A-Z]/.test(input);
    return `alt+${upper ? "shift+" : ""}${input.toLowerCase()}`;
  }
  return input;
}

/** Normalizes a configured spelling: case, order of modifiers, "esc" and "pgup" aliases. */
export function normalizeKeySpec(spec: string): string {
  const parts = spec
    .trim()
    .toLowerCase()
    .split("+")
    .filter((p) => p !== "");
  if (parts.length === 0) return spec;
  const last = parts[parts.length - 1]!;
  const aliases: Record<string, string> = {
    esc: "escape",
    pgup: "pageup",
    pgdn: "pagedown",
    pgdown: "pagedown",
    enter: "return",
    meta: "alt",
    option: "alt",
    control: "ctrl",
  };
  const keyPart = aliases[last] ?? last;
  const modifiers = new Set(parts.slice(0, -1).map((m) => aliases[m] ?? m));
  const order = ["ctrl", "alt", "shift"].filter((m) => modifiers.has(m));
  // A lone "?" keeps its case-free spelling; "alt+X" means alt+shift+x.
  if (spec.trim().length === 1) return spec.trim();
  return [...order, keyPart].join("+");
}

export const KNOWN_MODIFIERS = new Set(["ctrl", "alt", "shift"]);
