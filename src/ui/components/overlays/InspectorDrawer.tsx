import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useTheme } from "../../hooks/use-theme.js";
import { hint } from "../../keys/hints.js";
import type { ControlSnapshot } from "../../session-port.js";
import type { SessionView } from "../../store/session-view.js";
import { type InspectorRow, inspectorRows, type RowTone } from "./inspector-lines.js";
import { OverlayFrame } from "./OverlayFrame.js";
import { useListScroll } from "./use-list-scroll.js";

export interface InspectorDrawerProps {
  readonly view: SessionView;
  readonly control: ControlSnapshot | undefined;
  readonly width: number;
  readonly height: number;
}

/**
 * Settings with provenance (divergences highlighted), control state and the command.result log.
 * The title row stays; the rows below scroll with PgUp/PgDn/↑/↓/Home/End when they do not fit. The
 * drawer opens at the top.
 */
export function InspectorDrawer({ view, control, width, height }: InspectorDrawerProps): React.ReactElement {
  const theme = useTheme();
  const { keymap } = useKeys();
  const compare = hint(keymap, "settings.compare", "side by side");
  const inner = Math.max(1, width - 4);
  const rows = inspectorRows(view, control, inner);
  // Border (2) and title (1); one more row says what is left when the list scrolls.
  const { top, room, scrolls, below } = useListScroll(rows.length, Math.max(1, height - 3));
  const color = (tone: RowTone): string | undefined => (tone === "warn" ? theme.colors.warn : undefined);
  const more = below > 0 ? `↓ ${below} more · PgDn` : top > 0 ? "end · PgUp back" : "";
  const row = (r: InspectorRow, i: number) => (
    <Box key={`${top + i}`} height={1} flexShrink={0}>
      <Text wrap="truncate" color={color(r.tone)} bold={r.tone === "heading"} dimColor={r.tone === "dim"}>
        {r.text === "" ? " " : r.text}
      </Text>
    </Box>
  );
  return (
    <OverlayFrame
      title={`inspector · ${view.info.label ?? view.info.harness} · ${view.info.id ?? view.sessionId ?? "no session id yet"} · Esc closes${compare ? ` · ${compare}` : ""}`}
      width={width}
      height={height}
      keys={scrolls ? more : null}
    >
      {rows.slice(top, top + room).map(row)}
    </OverlayFrame>
  );
}
