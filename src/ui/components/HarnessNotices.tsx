import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { keyOf } from "../keys/hints.js";
import type { Keymap } from "../keys/keymap.js";
import { noticeLines } from "../layout/pane-geometry.js";
import type { SessionView } from "../store/session-view.js";

/**
 * The notices line: how many, what diverged (it stays in view here while the transcript
 * scrolls on), and the key that opens or folds them, as bound; open, whether older rows did not
 * fit. Narrow panes get a shorter form that keeps the divergence and the key.
 */
export function noticesTitle(
  view: SessionView,
  open: boolean,
  keymap: Keymap,
  hidden = 0,
  width = Number.POSITIVE_INFINITY,
): string {
  const key = keyOf(keymap, "pane.notices");
  const arrow = open ? "▾" : "▸";
  // In its own pane a harness's setting needs no harness prefix (`codex.sandbox` reads `sandbox`).
  const own = `${view.info.harness}.`;
  const diverged = [...new Set(view.divergences.map((d) => (d.key.startsWith(own) ? d.key.slice(own.length) : d.key)))];
  const warn = diverged.length > 0 ? `⚠ ${diverged.join(", ")}` : "";
  const full = [
    `${arrow} harness notices (${view.noticeCount})`,
    warn && `${warn} not as asked`,
    key && `${key} ${open ? "collapse" : "expand"}`,
    hidden > 0 && `${hidden} older row${hidden === 1 ? "" : "s"} above`,
  ];
  const join = (parts: ReadonlyArray<string | false | null>) => parts.filter((p) => p).join(" · ");
  const forms = [
    join(full),
    join(full.slice(0, 3)),
    `${arrow} ${join([warn, `notices (${view.noticeCount})`, key])}`,
    `${arrow} ${join([`${warn || "notices"} (${view.noticeCount})`, key])}`,
  ];
  return forms.find((f) => f.length <= width) ?? forms[forms.length - 1]!;
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
 * that opens to the newest notices; the transcript keeps the conversation. A line that names a
 * divergence is drawn in the warning colour, like the divergence itself.
 */
export function HarnessNotices({ view, open, width, rows }: HarnessNoticesProps): React.ReactElement | null {
  const { keymap } = useKeys();
  const theme = useTheme();
  if (rows <= 0) return null;
  const lines = open ? noticeLines(view, width) : [];
  const shown = lines.slice(Math.max(0, lines.length - (rows - 1)));
  const title = noticesTitle(view, open, keymap, lines.length - shown.length, width).slice(0, width);
  const warn = view.divergences.length > 0;
  return (
    <Box width={width} height={rows} flexDirection="column" overflow="hidden">
      <Text wrap="truncate" dimColor={!warn} color={warn ? theme.colors.warn : undefined}>
        {title}
      </Text>
      {shown.length > 0 ? (
        <Text dimColor wrap="truncate">
          {shown.map((l) => l.slice(0, width)).join("\n")}
        </Text>
      ) : null}
    </Box>
  );
}
