import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { keyOf } from "../keys/hints.js";
import { DEFAULT_KEYMAP, type Keymap } from "../keys/keymap.js";
import { needsYou, type SessionView } from "../store/session-view.js";
import { BADGE, badgeColor } from "./state-badge.js";

export interface RailEntry {
  readonly view: SessionView;
  /** 0-based pane index, or null when the pane is closed. */
  readonly pane: number | null;
  /** A native pane without hooks: its state is unknown, and the rail says so. */
  readonly stateUnknown?: boolean;
}

export interface AttentionRailProps {
  readonly entries: readonly RailEntry[];
  readonly focusedKey: string | undefined;
  readonly width: number;
}

/** The first session that needs a person, phrased as the rail's call to action. */
export function attentionText(entries: readonly RailEntry[], keymap: Keymap = DEFAULT_KEYMAP): string | null {
  const reopen = keyOf(keymap, "pane.reopen");
  for (const { view, pane } of entries) {
    const why = needsYou(view);
    if (!why) continue;
    const where =
      pane === null ? `closed pane (${view.info.harness}${reopen ? `; ${reopen}` : ""})` : `pane ${pane + 1}`;
    const what = why === "approval" ? "approval needed" : why === "question" ? "question waiting" : "failure";
    return `⚠ ${what} in ${where}`;
  }
  return null;
}

/** Always visible: every session's state, and who needs you. */
export function AttentionRail({ entries, focusedKey, width }: AttentionRailProps): React.ReactElement {
  const theme = useTheme();
  const attention = attentionText(entries, useKeys().keymap);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold color={theme.colors.accent}>
        hmux{" "}
      </Text>
      {entries.map(({ view, pane, stateUnknown }) => {
        const focused = view.key === focusedKey;
        const b = stateUnknown && !view.closed ? { icon: "?" } : BADGE[view.lifecycle];
        return (
          <Text
            key={view.key}
            wrap="truncate"
            color={badgeColor(theme, view.lifecycle)}
            bold={focused}
            inverse={focused && theme.noColor}
          >
            {`${pane === null ? "–" : pane + 1}:${view.info.label ?? view.info.harness} ${b.icon}${view.approvals.length > 1 ? `×${view.approvals.length}` : ""}  `}
          </Text>
        );
      })}
      <Box flexGrow={1} />
      {attention ? (
        <Text wrap="truncate" bold color={theme.colors.attention} inverse={theme.noColor}>
          {attention}
        </Text>
      ) : null}
    </Box>
  );
}
