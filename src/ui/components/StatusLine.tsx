import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../hooks/use-theme.js";
import { focusKeys, hint, hints, keyOf } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
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

/** The most useful keys, as bound; unbound ones are left out. */
export function statusHints(keymap: Keymap, empty: boolean): string {
  if (empty)
    return hints(keymap, [
      ["session.new", "new session"],
      ["app.quit", "quit"],
      ["help", "help"],
    ]);
  const focus = focusKeys(keymap);
  const up = keyOf(keymap, "scroll.up");
  const down = keyOf(keymap, "scroll.down");
  const scroll = up && down ? `${up}/${down} scroll` : null;
  return [
    focus ? `${focus} focus` : null,
    hints(keymap, [
      ["pane.zoom", "zoom"],
      ["turn.interrupt", "interrupt"],
      ["session.halt", "halt"],
      ["inspector", "inspect"],
    ]),
    scroll,
    hints(keymap, [
      ["app.quit", "quit"],
      ["help", "help"],
    ]),
  ]
    .filter((h) => h !== null && h !== "")
    .join(" · ");
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
        {statusHints(keymap, empty)}
      </Text>
    </Box>
  );
}
