import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { keyLabel } from "../../keys/hints.js";
import { APPROVAL_COMMANDS, COMMAND_HELP, GLOBAL_COMMANDS, type Keymap, OVERLAY_COMMANDS } from "../../keys/keymap.js";
import { WHEEL_ROWS } from "../../keys/mouse.js";
import { NATIVE_HELP_ROWS } from "../../native/native-help.js";
import { wrap } from "../../store/entry-lines.js";
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

/** One row of the help list: a key (or "" under it) and a piece of its description. */
export interface HelpLine {
  readonly key: string;
  readonly text: string;
}

/**
 * The bindings as rows `width` wide: each description wrapped under its own description column,
 * never cut. A key too long for its column gets a row of its own, the description below it.
 */
export function helpLines(
  rows: ReadonlyArray<readonly [string, string]>,
  keyWidth: number,
  width: number,
): HelpLine[][] {
  const room = Math.max(8, width - keyWidth);
  return rows.map(([k, d]) => {
    const text = wrap(d, room);
    const lines = text.map((t, i) => ({ key: i === 0 ? k : "", text: t }));
    return k.length < keyWidth ? lines : [{ key: k, text: "" }, ...lines.map((l) => ({ ...l, key: "" }))];
  });
}

/** Entries into two columns of about as many rows each, an entry never split across them. */
function balance(entries: HelpLine[][]): [HelpLine[], HelpLine[]] {
  const total = entries.reduce((n, e) => n + e.length, 0);
  const a: HelpLine[] = [];
  const b: HelpLine[] = [];
  for (const e of entries) (a.length + e.length <= Math.ceil(total / 2) || a.length === 0 ? a : b).push(...e);
  return [a, b];
}

/**
 * The bindings in one column (two from 120 columns), each description wrapped under its key. When
 * they do not fit, the list scrolls with PgUp/PgDn/↑/↓ (the overlay holds every key while open)
 * and a last row says what is left.
 */
export function HelpOverlay({ keymap, width, height }: HelpOverlayProps): React.ReactElement {
  const theme = useTheme();
  const rows = helpRows(keymap, useKeys().mouse ?? false);
  const keyWidth = Math.min(24, Math.max(...rows.map(([k]) => k.length)) + 2);
  const space = Math.max(1, height - 3);
  const inner = width - 4;
  const oneColumn = helpLines(rows, keyWidth, inner);
  const twoCols = oneColumn.flat().length > space && width >= 120;
  const half = Math.floor(inner / 2);
  const [colA, colB] = twoCols ? balance(helpLines(rows, keyWidth, half - 2)) : [oneColumn.flat(), [] as HelpLine[]];
  // The last row says how much is left while the list scrolls.
  const { top, room, scrolls, below } = useListScroll(Math.max(colA.length, colB.length), space);
  const column = (list: HelpLine[], w: number): React.ReactElement => (
    <Box flexDirection="column" width={w}>
      {list.slice(top, top + room).map((l, i) => (
        <Text key={`${top + i}`} wrap="truncate">
          <Text color={theme.colors.status} bold>
            {l.key.padEnd(keyWidth)}
          </Text>
          {l.text}
        </Text>
      ))}
    </Box>
  );
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
        {column(colA, twoCols ? half : inner)}
        {twoCols ? column(colB, inner - half) : null}
      </Box>
    </OverlayFrame>
  );
}
