import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../hooks/use-theme.js";
import { focusKeys, hint, keyOf } from "../keys/hints.js";
import type { Command, Keymap } from "../keys/keymap.js";
import type { Flash } from "../store/ui-state.js";

export interface StatusLineProps {
  readonly flash: Flash | null;
  readonly keymap: Keymap;
  readonly width: number;
  readonly empty: boolean;
}

/** A flash's text with its key hint, e.g. `pane closed; codex keeps running (Alt+o reopens)`. */
export function flashText(flash: Flash, keymap: Keymap): string {
  const extra = flash.hint ? hint(keymap, flash.hint.command, flash.hint.does) : null;
  return extra ? `${flash.text} (${extra})` : flash.text;
}

/**
 * The most useful keys, as bound, most needed first (a narrow terminal drops them from the end,
 * help excepted); unbound ones are left out.
 */
export function statusHintList(keymap: Keymap, empty: boolean): string[] {
  const bound = (list: ReadonlyArray<readonly [Command, string]>): string[] =>
    list.map(([command, does]) => hint(keymap, command, does)).filter((h): h is string => h !== null);
  if (empty)
    return bound([
      ["session.new", "new session"],
      ["app.quit", "quit"],
      ["help", "help"],
    ]);
  const focus = focusKeys(keymap);
  const up = keyOf(keymap, "scroll.up");
  const down = keyOf(keymap, "scroll.down");
  return [
    ...(focus ? [`${focus} focus`] : []),
    ...bound([
      ["turn.interrupt", "interrupt"],
      ["app.quit", "quit"],
      ["pane.zoom", "zoom"],
      ["session.halt", "halt"],
      ["inspector", "inspect"],
    ]),
    ...(up && down ? [`${up}/${down} scroll`] : []),
    ...bound([["help", "help"]]),
  ];
}

/** The status hints in one line. */
export function statusHints(keymap: Keymap, empty: boolean): string {
  return statusHintList(keymap, empty).join(" · ");
}

/**
 * The hints that fit `width`, joined: the last one (help) always stays, and hints are dropped
 * from the end of the rest, so a narrow terminal still says where help is.
 */
export function fitHints(hints: readonly string[], width: number): string {
  const last = hints.at(-1);
  if (last === undefined) return "";
  const rest = hints.slice(0, -1);
  for (let n = rest.length; n > 0; n--) {
    const text = [...rest.slice(0, n), last].join(" · ");
    if (text.length <= width) return text;
  }
  return last;
}

/** The last outcome (a refusal, a halt) or the most useful keys. */
export function StatusLine({ flash, keymap, width, empty }: StatusLineProps): React.ReactElement {
  const theme = useTheme();
  if (flash) {
    const color =
      flash.tone === "error" ? theme.colors.error : flash.tone === "warn" ? theme.colors.warn : theme.colors.status;
    return (
      <Box width={width} height={1}>
        <Text wrap="truncate" color={color}>
          {flashText(flash, keymap)}
        </Text>
      </Box>
    );
  }
  return (
    <Box width={width} height={1}>
      <Text dimColor wrap="truncate">
        {fitHints(statusHintList(keymap, empty), width)}
      </Text>
    </Box>
  );
}
