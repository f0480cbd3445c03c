import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { keyLabel } from "../../keys/hints.js";
import { APPROVAL_COMMANDS, COMMAND_HELP, GLOBAL_COMMANDS, type Keymap, OVERLAY_COMMANDS } from "../../keys/keymap.js";
import { WHEEL_ROWS } from "../../keys/mouse.js";
import { NATIVE_HELP_ROWS } from "../../native/native-help.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { useListScroll } from "./use-list-scroll.js";

export interface HelpOverlayProps {
  readonly keymap: Keymap;
  readonly width: number;
  readonly height: number;
}

/** Every binding, as configured; focus.1–9 collapse into one row. */
export function helpRows(keymap: Keymap, mouse = false): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const c of [...GLOBAL_COMMANDS, ...APPROVAL_COMMANDS, ...OVERLAY_COMMANDS]) {
    if (/^focus\.[2-9]$/.test(c)) continue;
    if (c === "focus.1") {
      rows.push([`${keyLabel(keymap["focus.1"][0])}…${keyLabel(keymap["focus.9"][0])}`, "focus pane 1…9"]);
      continue;
    }
    rows.push([keymap[c].map(keyLabel).join(", ") || "unbound", COMMAND_HELP[c]]);
    if (c === "scroll.down" && mouse)
      rows.push(["Wheel", `scroll the pane under the pointer ${WHEEL_ROWS} rows (bottom: follow)`]);
  }
  rows.push(["1…9", "question: pick an option (input line empty)"]);
  rows.push(["Enter", "send / answer / steer / inject, as the pane's input prompt says"]);
  rows.push(...NATIVE_HELP_ROWS);
  return rows;
}

/**
 * The bindings in one column (two from 120 columns). When they do not fit, the list scrolls with
 * PgUp/PgDn/↑/↓ (the overlay holds every key while open) and a last row says what is left.
 */
export function HelpOverlay({ keymap, width, height }: HelpOverlayProps): React.ReactElement {
  const theme = useTheme();
  const rows = helpRows(keymap, useKeys().mouse ?? false);
  const keyWidth = Math.min(24, Math.max(...rows.map(([k]) => k.length)) + 2);
  const space = Math.max(1, height - 3);
  const twoCols = rows.length > space && width >= 120;
  const half = Math.ceil(rows.length / 2);
  const colA = twoCols ? rows.slice(0, half) : rows;
  const colB = twoCols ? rows.slice(half) : [];
  // The last row says how much is left while the list scrolls.
  const { top, room, scrolls, below } = useListScroll(colA.length, space);
  const column = (list: Array<[string, string]>, w: number): React.ReactElement => (
    <Box flexDirection="column" width={w}>
      {list.slice(top, top + room).map(([k, d]) => (
        <Text key={k + d} wrap="truncate">
          <Text color={theme.colors.status} bold>
            {k.padEnd(keyWidth)}
          </Text>
          {d}
        </Text>
      ))}
    </Box>
  );
  const inner = width - 4;
  const more =
    below > 0 ? `↓ ${below} more · PgDn${top > 0 ? " · PgUp back" : ""}` : top > 0 ? `end of list · PgUp back` : "";
  return (
    <OverlayFrame
      title="hmux keys · Esc closes · bindings: config ui.keys"
      width={width}
      height={height}
      keys={scrolls ? more : null}
    >
      <Box flexDirection="row">
        {column(colA, twoCols ? Math.floor(inner / 2) : inner)}
        {twoCols ? column(colB, inner - Math.floor(inner / 2)) : null}
      </Box>
    </OverlayFrame>
  );
}
