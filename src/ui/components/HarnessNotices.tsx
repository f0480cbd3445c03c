import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../hooks/use-keys.js";
import { keyOf } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
import { noticeLines } from "../layout/pane-geometry.js";
import type { SessionView } from "../store/session-view.js";

/**
 * The collapsed line: how many notices, and the key that opens (or folds) them, as bound. Open,
 * it says when older rows did not fit.
 */
export function noticesTitle(view: SessionView, open: boolean, keymap: Keymap, hidden = 0): string {
  const key = keyOf(keymap, "pane.notices");
  const more = hidden > 0 ? ` · ${hidden} older row${hidden === 1 ? "" : "s"} above` : "";
  // The key comes first: a narrow pane cuts the end of the line.
  return `${open ? "▾" : "▸"} harness notices (${view.noticeCount})${key ? ` · ${key} ${open ? "collapse" : "expand"}` : ""}${more}`;
}

export interface HarnessNoticesProps {
  readonly view: SessionView;
  readonly open: boolean;
  readonly width: number;
  /** Rows given (pane-geometry.ts noticeRows): the title, then the newest notice rows that fit. */
  readonly rows: number;
}

/**
 * What the harness said beside the conversation (stderr, its own warnings), in one dim line
 * that opens to the newest notices; the transcript keeps the conversation.
 */
export function HarnessNotices({ view, open, width, rows }: HarnessNoticesProps): React.ReactElement | null {
  const { keymap } = useKeys();
  if (rows <= 0) return null;
  const lines = open ? noticeLines(view, width) : [];
  const shown = lines.slice(Math.max(0, lines.length - (rows - 1)));
  const text = [noticesTitle(view, open, keymap, lines.length - shown.length), ...shown]
    .map((l) => l.slice(0, width))
    .join("\n");
  return (
    <Box width={width} height={rows} overflow="hidden">
      <Text dimColor wrap="truncate">
        {text}
      </Text>
    </Box>
  );
}
