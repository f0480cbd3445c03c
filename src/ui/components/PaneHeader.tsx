import { Box, Text } from "ink";
import type React from "react";
import { compactTokens, formatContext, formatCost } from "../../core/usage/format.js";
import { allInputTokens } from "../../core/usage/input-tokens.js";
import type { BranchStatus } from "../changes-port.js";
import { useLayerRow } from "../hooks/use-layer-row.js";
import { useTheme } from "../hooks/use-theme.js";
import { paneId, type SessionView } from "../store/session-view.js";
import { spinnerShows } from "../store/tick-demand.js";
import { badgeColor, badgeText, spinnerGlyph } from "./state-badge.js";

export interface PaneHeaderProps {
  readonly view: SessionView;
  readonly index: number;
  readonly focused: boolean;
  readonly tick: number | null;
  readonly width: number;
  /** While a broadcast is being set up: whether this pane is marked to receive it. */
  readonly mark?: BroadcastMark;
  /** The worktree branch's ahead/behind of its base, once git was asked. */
  readonly branch?: BranchStatus | undefined;
}

export type BroadcastMark = "marked" | "unmarked";

const MARK_TEXT: Readonly<Record<BroadcastMark, string>> = { marked: "[x] ", unmarked: "[ ] " };

/** Tokens in (cached too) and out, the cost ("unknown" for a model without a price, never $0), the context of the window. */
export function usageText(view: SessionView): string {
  const u = view.usage;
  const parts: string[] = [];
  if (u.records > 0) {
    // Words, not arrows: a worktree pane's header already shows ↑/↓ for commits ahead/behind its base.
    const input = allInputTokens(u);
    parts.push(`${compactTokens(input)} in ${compactTokens(u.outputTokens)} out`);
    const cost = formatCost(u);
    if (cost !== "") parts.push(cost);
  }
  const context = formatContext(u);
  if (context !== "") parts.push(context);
  else if (view.contextPct !== null) parts.push(`ctx ${Math.round(view.contextPct)}%`);
  return parts.join(" ");
}

/**
 * Whether a pane's name already says its harness: the harness itself or the server's default
 * `<harness>-<n>`, after a host's `box:` and before a native pane's `·native`. A chosen name
 * that merely contains it (`spinner` for pi) does not.
 */
export function carriesHarness(name: string, harness: string): boolean {
  const bare = name.endsWith("·native") ? name.slice(0, -"·native".length) : name;
  const own = bare.slice(bare.lastIndexOf(":") + 1);
  if (own === harness) return true;
  return own.startsWith(`${harness}-`) && /^\d+$/.test(own.slice(harness.length + 1));
}

/** Fewer columns than the number, the badge and this much of the name: usage goes, then the badge's word. */
const MIN_NAME = 8;

/**
 * The parts of a header that fit `width`: the pane number and the state always show (a narrow
 * pane keeps the badge's icon); the worktree branch's ahead/behind and the usage have boxes of
 * their own (never cut mid-way), kept only while the name keeps MIN_NAME columns (a chosen name:
 * all of it and its harness) — usage goes first.
 */
export function headerParts(
  view: SessionView,
  index: number,
  tick: number | null,
  width: number,
  mark?: BroadcastMark,
  status?: BranchStatus,
): { number: string; who: string; ahead: string; badge: string; usage: string } {
  const number = `${index + 1} ${mark ? MARK_TEXT[mark] : ""}`;
  const branch = view.info.workspace ? `⎇ ${view.info.workspace.branch}` : undefined;
  const name = view.info.label ?? view.info.harness;
  // A session named by someone (`hmux new claude --name chatty`) still says which harness it runs.
  const harness = carriesHarness(name, view.info.harness) ? undefined : view.info.harness;
  const who = [name, harness, view.model, view.info.effort, branch, paneId(view)]
    .filter((p): p is string => typeof p === "string" && p !== "")
    .join(" · ");
  const full = ` ${badgeText(view.lifecycle, tick)}`;
  const short = ` ${full.trim().split(" ")[0]}`;
  let ahead = view.info.workspace && status ? ` ↑${status.ahead} ↓${status.behind}` : "";
  let usage = usageText(view) === "" ? "" : ` ${usageText(view)}`;
  // A chosen name keeps room for itself and its harness (and the … of what is cut after them):
  // which harness a pane runs outranks usage.
  const least = harness === undefined ? MIN_NAME : Math.max(MIN_NAME, `${name} · ${harness}…`.length);
  const room = (badge: string) => width - number.length - badge.length - usage.length - ahead.length;
  if (room(full) < least) usage = "";
  if (room(full) < least) ahead = "";
  const badge = room(full) >= least ? full : short;
  return { number, who, ahead, badge, usage };
}

/** harness · model · effort · worktree branch (ahead/behind its base) · short id, then the state badge and usage. */
export function PaneHeader({ view, index, focused, tick, width, mark, branch }: PaneHeaderProps): React.ReactElement {
  const theme = useTheme();
  const { number, who, ahead, badge: text, usage } = headerParts(view, index, tick, width, mark, branch);
  const spinner = tick !== null && spinnerShows(view.lifecycle) ? spinnerGlyph(tick) : null;
  const marker = useLayerRow(spinner ?? "absent", 1, (frame) => spinnerGlyph(frame.tick));
  const badge = marker !== null && spinner !== null ? text.replace(spinner, marker) : text;
  return (
    <Box width={width} height={1}>
      <Box flexShrink={0}>
        <Text
          bold={focused || mark === "marked"}
          color={mark === "marked" ? theme.colors.accent : focused ? theme.colors.selection : undefined}
          inverse={focused && theme.noColor}
        >
          {number}
        </Text>
      </Box>
      <Box flexGrow={1} flexShrink={1} overflow="hidden">
        <Text wrap="truncate" bold={focused}>
          {who}
        </Text>
      </Box>
      {ahead ? (
        <Box flexShrink={0}>
          <Text bold={focused}>{ahead}</Text>
        </Box>
      ) : null}
      <Box flexShrink={0}>
        <Text color={badgeColor(theme, view.lifecycle)} bold={theme.bold}>
          {badge}
        </Text>
      </Box>
      {usage ? (
        <Box flexShrink={0}>
          <Text dimColor>{usage}</Text>
        </Box>
      ) : null}
    </Box>
  );
}
