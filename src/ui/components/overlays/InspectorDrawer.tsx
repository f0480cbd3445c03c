import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";
import type { ControlSnapshot } from "../../session-port.js";
import type { SessionView } from "../../store/session-view.js";

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
    <Box
      flexDirection="column"
      width={width}
      height={height}
      borderStyle="round"
      borderColor={theme.colors.accent}
      paddingX={1}
      overflow="hidden"
    >
      <Text bold color={theme.colors.accent} wrap="truncate">
        {`inspector · ${view.info.label ?? view.info.harness} · ${view.sessionId ?? "no session id yet"} · Esc closes`}
      </Text>
      <Text bold>{`settings (${settings.length}${divergent ? `, ${divergent} diverging` : ""})`}</Text>
      {settings.length === 0 ? <Text dimColor>none reported</Text> : null}
      {settings.map((s) => (
        <Box key={s.key} flexDirection="column">
          <Text wrap="truncate" color={s.divergence ? theme.colors.warn : undefined} bold={s.divergence !== undefined}>
            {`${s.divergence ? "⚠ " : "  "}${s.key.padEnd(keyW)}${show(s.value)}`}
            <Text dimColor>{`  [${s.tier}]`}</Text>
          </Text>
          {s.divergence ? <Text wrap="wrap" color={theme.colors.warn}>{`    ↳ ${s.divergence}`}</Text> : null}
        </Box>
      ))}
      <Text bold>control</Text>
      <Text wrap="truncate">{`  state ${view.lifecycle} · posture ${control?.posture ?? "unknown"}`}</Text>
      <Text wrap="truncate">{`  frame ${control?.frame ?? "none"}`}</Text>
      <Text wrap="truncate">{`  pending calls: ${pending.length === 0 ? "none" : pending.map((c) => `${c.tool}#${c.callId}`).join(", ")}`}</Text>
      <Text wrap="truncate">{`  census: ${census.length === 0 ? "empty" : census.map(([k, n]) => `${k}=${n}`).join(" ")}`}</Text>
      <Text bold>{`command.result log (${view.commandLog.length})`}</Text>
      {log.length === 0 ? <Text dimColor> no commands yet</Text> : null}
      {log.map((l, i) => (
        <Box key={i} flexDirection="column">
          <Text wrap="truncate" color={l.outcome.result === "refused" ? theme.colors.warn : undefined}>
            {`  ${l.outcome.result === "refused" ? `refused ${l.outcome.refused.code}` : "ok"} · ${l.id ?? "–"} · ${new Date(l.at).toISOString().slice(11, 19)}`}
          </Text>
          {l.outcome.result === "refused" ? (
            <Text wrap="wrap" dimColor>{`    ${l.outcome.refused.reason}`}</Text>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
