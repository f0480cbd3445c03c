import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { keyLabel } from "../../keys/hints.js";
import { APPROVAL_COMMANDS, COMMAND_HELP, GLOBAL_COMMANDS, type Keymap } from "../../keys/keymap.js";
import { WHEEL_ROWS } from "../../keys/mouse.js";
import { NATIVE_HELP_ROWS } from "../../native/native-help.js";

export interface HelpOverlayProps {
  readonly keymap: Keymap;
  readonly width: number;
  readonly height: number;
}

/** Every binding, as configured; focus.1–9 collapse into one row. */
export function helpRows(keymap: Keymap, mouse = false): Array<[string, string]> {
  const rows: Array<[string, string]> = [];
  for (const c of [...GLOBAL_COMMANDS, ...APPROVAL_COMMANDS]) {
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

export function HelpOverlay({ keymap, width, height }: HelpOverlayProps): React.ReactElement {
  const theme = useTheme();
  const rows = helpRows(keymap, useKeys().mouse ?? false);
  const keyWidth = Math.min(24, Math.max(...rows.map(([k]) => k.length)) + 2);
  const room = Math.max(0, height - 4);
  const half = Math.ceil(rows.length / 2);
  const twoCols = rows.length > room && width >= 120;
  const colA = twoCols ? rows.slice(0, half) : rows.slice(0, room);
  const colB = twoCols ? rows.slice(half, half + room) : [];
  const column = (list: Array<[string, string]>, w: number): React.ReactElement => (
    <Box flexDirection="column" width={w}>
      {list.map(([k, d]) => (
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
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      borderColor={theme.colors.accent}
      paddingX={1}
      overflow="hidden"
    >
      <Text bold color={theme.colors.accent}>
        hmux keys · Esc closes · bindings: config ui.keys
      </Text>
      <Box flexDirection="row">
        {column(colA, twoCols ? Math.floor(inner / 2) : inner)}
        {twoCols ? column(colB, inner - Math.floor(inner / 2)) : null}
      </Box>
    </Box>
  );
}
