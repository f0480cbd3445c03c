import { Box, Text } from "ink";
import type React from "react";
import { compactTokens, formatCost } from "../../core/usage/format.js";
import { allInputTokens } from "../../core/usage/input-tokens.js";
import { sumUsage } from "../../core/usage/totals.js";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { keyOf } from "../keys/hints.js";
import { DEFAULT_KEYMAP, type Keymap } from "../keys/keymap.js";
import { waitingCount } from "../store/inbox-rows.js";
import { longestWaiting, needsYou, type SessionView } from "../store/session-view.js";
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

/**
 * The session whose request has waited longest, phrased as the rail's call to action, with the
 * key that jumps there.
 */
export function attentionText(entries: readonly RailEntry[], keymap: Keymap = DEFAULT_KEYMAP): string | null {
  const first = longestWaiting(entries.map((e) => e.view));
  const entry = entries.find((e) => e.view === first);
  const why = first ? needsYou(first) : null;
  if (!entry || !why) return null;
  const where = entry.pane === null ? `closed pane (${entry.view.info.harness})` : `pane ${entry.pane + 1}`;
  const what = why === "approval" ? "approval needed" : why === "question" ? "question waiting" : "failure";
  const jump = keyOf(keymap, "attention.jump");
  const inbox = keyOf(keymap, "inbox");
  const others = entries.filter((e) => e !== entry && needsYou(e.view)).length;
  return `⚠ ${what} in ${where}${others > 0 ? ` (+${others})` : ""}${jump ? ` · ${jump} goes there` : ""}${inbox ? ` · ${inbox} inbox` : ""}`;
}

/** The rail's count of everything waiting for a person (approvals and questions, every pane): `⚠3`, or null. */
export function waitingBadge(entries: readonly RailEntry[]): string | null {
  const n = waitingCount(entries.map((e) => e.view));
  return n > 0 ? `⚠${n} ` : null;
}

/** What every session listed spent, together: "Σ 14k tok $0.0123", "Σ 14k tok cost unknown", or null before any usage. */
export function railTotal(entries: readonly RailEntry[]): string | null {
  const total = sumUsage(entries.map((e) => e.view.usage));
  if (total.records === 0) return null;
  const tokens = allInputTokens(total) + total.outputTokens;
  const cost = formatCost(total);
  return `Σ ${compactTokens(tokens)} tok${cost === "" ? "" : cost === "unknown" ? " cost unknown" : ` ${cost}`}`;
}

/** One pane's item on the rail: `3:claude-2 !  `, or, short, `3!  ` (its number and state). */
function entryText({ view, pane, stateUnknown }: RailEntry, short: boolean): string {
  const b = stateUnknown && !view.closed ? { icon: "?" } : BADGE[view.lifecycle];
  const more = view.approvals.length > 1 ? `×${view.approvals.length}` : "";
  const number = pane === null ? "–" : String(pane + 1);
  return short ? `${number}${b.icon}${more}  ` : `${number}:${view.info.label ?? view.info.harness} ${b.icon}${more}  `;
}

/**
 * Whether the other panes' items go short: when every pane with its name does not fit (a phone's
 * 50 columns, many panes), the rail is still the switcher, so each keeps its number and state and
 * only the focused pane keeps its name, rather than the last panes being cut off.
 */
function railGoesShort(entries: readonly RailEntry[], width: number, lead: number): boolean {
  const full = entries.reduce((n, e) => n + [...entryText(e, false)].length, 0);
  return lead + full > width;
}

/** Always visible: every session's state, what they spent together, and who needs you. */
export function AttentionRail({ entries, focusedKey, width }: AttentionRailProps): React.ReactElement {
  const theme = useTheme();
  const attention = attentionText(entries, useKeys().keymap);
  const total = railTotal(entries);
  const badge = waitingBadge(entries);
  const short = railGoesShort(entries, width, "hmux ".length + (badge?.length ?? 0));
  return (
    <Box width={width} height={1} overflow="hidden">
      {/* Names and states never shrink (a squeezed item loses its gap first); the call to action truncates. */}
      <Box flexShrink={0}>
        <Text bold color={theme.colors.accent}>
          hmux{" "}
        </Text>
      </Box>
      {badge ? (
        <Box flexShrink={0}>
          <Text bold color={theme.colors.attention} inverse={theme.noColor}>
            {badge}
          </Text>
        </Box>
      ) : null}
      {entries.map((entry) => {
        const { view } = entry;
        const focused = view.key === focusedKey;
        return (
          <Box key={view.key} flexShrink={0}>
            <Text color={badgeColor(theme, view.lifecycle)} bold={focused} inverse={focused && theme.noColor}>
              {entryText(entry, short && !focused)}
            </Text>
          </Box>
        );
      })}
      <Box flexGrow={1} />
      {total ? (
        <Box flexShrink={1}>
          <Text wrap="truncate" dimColor>{`${total}  `}</Text>
        </Box>
      ) : null}
      {attention ? (
        <Box flexShrink={1}>
          <Text wrap="truncate" bold color={theme.colors.attention} inverse={theme.noColor}>
            {attention}
          </Text>
        </Box>
      ) : null}
    </Box>
  );
}
