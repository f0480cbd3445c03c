import React from "react";
import { Box, Text } from "ink";
import type { ControlSnapshot } from "../../session-port.js";
import type { SessionView } from "../../store/session-view.js";
import { useTheme } from "../../hooks/use-theme.js";

export interface InspectorDrawerProps {
  readonly view: SessionView;
  readonly control: ControlSnapshot | undefined;
  readonly width: number;
  readonly height: number;
}

function show(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Settings with provenance (divergences highlighted), control state and the command.result log. */
export function InspectorDrawer({ view, control, width, height }: InspectorDrawerProps): React.ReactElement {
  const theme = useTheme();
  const settings = [...view.info.settings].sort((a, b) => a.key.localeCompare(b.key));
  const keyW = Math.min(22, Math.max(8, ...settings.map((s) => s.key.length)) + 1);
  const pending = control?.pending ?? view.approvals;
  const census = Object.entries(control?.census ?? {});
  const log = view.commandLog.slice(-Math.max(1, Math.floor(height / 4)));
  const divergent = settings.filter((s) => s.divergence).length;
  return (
    <Box flexDirection="column" width={width} height={height} borderStyle="round" borderColor={theme.colors.accent} paddingX={1} overflow="hidden">
      <Text bold color={theme.colors.accent} wrap="truncate">
        {`inspector · ${view.info.label ?? view.info.harness} · ${view.sessionId ?? "no session id yet"} · Esc closes`}
      </Text>
      <Text bold>{`settings (${settings.length}${divergent ? `, ${divergent} diverging` : ""})`}</Text>
      {settings.length === 0 ? <Text dimColor>none reported</Text> : null}
      {settings.map((s) => (
        <Text key={s.key} wrap="truncate" color={s.divergence ? theme.colors.warn : undefined} bold={s.divergence !== undefined}>
          {`${s.divergence ? "⚠ " : "  "}${s.key.padEnd(keyW)}${show(s.value)}`}
          <Text dimColor>{`  [${s.tier}]`}</Text>
          {s.divergence ? <Text color={theme.colors.warn}>{`  ${s.divergence}`}</Text> : null}
        </Text>
      ))}
      <Text bold>control</Text>
      <Text wrap="truncate">{`  frame ${control?.frame ?? "none"} · posture ${control?.posture ?? "unknown"} · state ${view.lifecycle}`}</Text>
      <Text wrap="truncate">{`  pending calls: ${pending.length === 0 ? "none" : pending.map((c) => `${c.tool}#${c.callId}`).join(", ")}`}</Text>
      <Text wrap="truncate">{`  census: ${census.length === 0 ? "empty" : census.map(([k, n]) => `${k}=${n}`).join(" ")}`}</Text>
      <Text bold>{`command.result log (${view.commandLog.length})`}</Text>
      {log.length === 0 ? <Text dimColor>  no commands yet</Text> : null}
      {log.map((l, i) => (
        <Text key={i} wrap="truncate" color={l.outcome.result === "refused" ? theme.colors.warn : undefined}>
          {`  ${new Date(l.at).toISOString().slice(11, 19)} ${l.id ?? "–"} ${l.outcome.result === "refused" ? `refused ${l.outcome.refused.code}: ${l.outcome.refused.reason}` : "ok"}`}
        </Text>
      ))}
    </Box>
  );
}
