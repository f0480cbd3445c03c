/**
 * Key hints as the keymap binds them: every key a screen mentions is read from here, so a
 * rebound key is shown as bound and an unbound command is not offered at all.
 */
import type { InputSupport } from "../session-port.js";
import type { Command, Keymap } from "./keymap.js";

const LABELS: Readonly<Record<string, string>> = { pageup: "PgUp", pagedown: "PgDn", escape: "Esc", return: "Enter" };

/** A key spec as people write it: `alt+shift+x` → `Alt+Shift+x`, `pageup` → `PgUp`. */
export function keyLabel(spec: string | undefined): string {
  if (!spec) return "unbound";
  return spec
    .split("+")
    .map((p) => LABELS[p] ?? (p.length === 1 ? p : p[0]!.toUpperCase() + p.slice(1)))
    .join("+");
}

/** The first key bound to `command`, labelled; null when it is unbound. */
export function keyOf(keymap: Keymap, command: Command): string | null {
  const first = keymap[command][0];
  return first === undefined ? null : keyLabel(first);
}

/** `<key> <does>`, or null when the command has no key. */
export function hint(keymap: Keymap, command: Command, does: string): string | null {
  const key = keyOf(keymap, command);
  return key === null ? null : `${key} ${does}`;
}

/** The bound hints joined with " · "; unbound ones are left out. */
export function hints(keymap: Keymap, list: ReadonlyArray<readonly [Command, string]>): string {
  return list
    .map(([command, does]) => hint(keymap, command, does))
    .filter((h): h is string => h !== null)
    .join(" · ");
}

/** A question's answers as bound, e.g. `y quit · n stay`. */
export function answers(keymap: Keymap, yes: string, no: string): string {
  return hints(keymap, [
    ["confirm.yes", yes],
    ["confirm.no", no],
  ]);
}

const ARROWS = ["Left", "Right", "Up", "Down"];
const DIGITS = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/** Labels sharing a modifier prefix, compressed: Alt+Left…Alt+Down → Alt+arrows, Alt+1…Alt+9 → Alt+1-9. */
function group(labels: readonly string[], suffixes: readonly string[], name: string): string | null {
  if (labels.length === 0) return null;
  const prefix = labels[0]!.slice(0, labels[0]!.length - suffixes[0]!.length);
  if (labels.every((l, i) => l === `${prefix}${suffixes[i]}`)) return `${prefix}${name}`;
  return labels.join("/");
}

/** The focus keys in one short label, e.g. `Alt+arrows/1-9`; null when none is bound. */
export function focusKeys(keymap: Keymap): string | null {
  const arrows = (["focus.left", "focus.right", "focus.up", "focus.down"] as const).map((c) => keyOf(keymap, c));
  const digits = DIGITS.map((d) => keyOf(keymap, `focus.${d}` as Command));
  const a = arrows.every((k) => k !== null) ? group(arrows as string[], ARROWS, "arrows") : null;
  const d = digits.every((k) => k !== null) ? group(digits as string[], DIGITS, "1-9") : null;
  if (a && d) {
    const cut = a.lastIndexOf("+") + 1;
    const prefix = a.slice(0, cut);
    return cut > 0 && d.startsWith(prefix) && d.length > cut ? `${a}/${d.slice(cut)}` : `${a} · ${d}`;
  }
  return a ?? d;
}

/**
 * The approval widget's keys line: only decisions this harness can deliver are offered. When it
 * does not fit `width`, labels go from the last key backwards, so every key stays on screen.
 */
export function approvalKeys(
  keymap: Keymap,
  support: InputSupport,
  width = Number.POSITIVE_INFINITY,
  always = true,
  alwaysPath = false,
): string {
  const list: Array<readonly [Command, string]> = [
    ["approval.allow", "allow"],
    ["approval.deny", "deny"],
  ];
  if (support.replace) list.push(["approval.edit", "edit"]);
  if (support.abstain) list.push(["approval.abstain", "abstain"]);
  list.push(["approval.full", "full view"]);
  // Offered only where the core offered a rule for this call (the widget says why not, otherwise).
  if (always) list.push(["approval.always", "always"]);
  // A path tool's call is offered its one path too (scope path).
  if (alwaysPath) list.push(["approval.alwaysPath", "this path"]);
  const bound = list.flatMap(([command, does]) => {
    const key = keyOf(keymap, command);
    return key === null ? [] : [[key, does] as const];
  });
  // Keys that lost their label are listed tight after the labelled ones: "a allow · d e s f".
  const line = (labelled: number): string => {
    const head = bound.slice(0, labelled).map(([key, does]) => `${key} ${does}`);
    const tail = bound.slice(labelled).map(([key]) => key);
    return [...head, ...(tail.length ? [tail.join(" ")] : [])].join(" · ");
  };
  for (let labelled = bound.length; labelled > 0; labelled--) if (line(labelled).length <= width) return line(labelled);
  return line(0);
}

/** The approval keys alone, for a pane's input line: `a · d · e · s · f`. */
export function approvalLetters(keymap: Keymap, support: InputSupport, always = true, alwaysPath = false): string {
  const commands: Command[] = ["approval.allow", "approval.deny"];
  if (support.replace) commands.push("approval.edit");
  if (support.abstain) commands.push("approval.abstain");
  commands.push("approval.full");
  if (always) commands.push("approval.always");
  if (alwaysPath) commands.push("approval.alwaysPath");
  return commands
    .map((c) => keyOf(keymap, c))
    .filter((k): k is string => k !== null)
    .join(" · ");
}
