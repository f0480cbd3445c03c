import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../hooks/use-theme.js";
import { type SessionView, shortId } from "../store/session-view.js";
import { badgeColor, badgeText } from "./state-badge.js";

export interface PaneHeaderProps {
  readonly view: SessionView;
  readonly index: number;
  readonly focused: boolean;
  readonly tick: number | null;
  readonly width: number;
}

function compact(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

export function usageText(view: SessionView): string {
  const parts: string[] = [];
  if (view.inputTokens !== null || view.outputTokens !== null) {
    parts.push(`${compact(view.inputTokens ?? 0)}↑ ${compact(view.outputTokens ?? 0)}↓`);
  }
  if (view.costUsd !== null) parts.push(`$${view.costUsd.toFixed(view.costUsd < 1 ? 3 : 2)}`);
  if (view.contextPct !== null) parts.push(`ctx ${Math.round(view.contextPct)}%`);
  return parts.join(" ");
}

/** harness · model · effort · short id, then the state badge and usage when known. */
export function PaneHeader({ view, index, focused, tick, width }: PaneHeaderProps): React.ReactElement {
  const theme = useTheme();
  const who = [view.info.label ?? view.info.harness, view.model, view.info.effort, shortId(view.sessionId)]
    .filter((p): p is string => typeof p === "string" && p !== "")
    .join(" · ");
  const usage = usageText(view);
  return (
    <Box width={width} height={1}>
      <Text
        wrap="truncate"
        bold={focused}
        color={focused ? theme.colors.selection : undefined}
        inverse={focused && theme.noColor}
      >
        {`${index + 1} `}
      </Text>
      <Box flexGrow={1} flexShrink={1}>
        <Text wrap="truncate" bold={focused}>
          {who}
        </Text>
      </Box>
      <Text
        wrap="truncate"
        color={badgeColor(theme, view.lifecycle)}
        bold={theme.bold}
      >{` ${badgeText(view.lifecycle, tick)}`}</Text>
      {usage ? <Text dimColor wrap="truncate">{` ${usage}`}</Text> : null}
    </Box>
  );
}
