/**
 * What the server answered about a dialog's requests, as the dialog shows it: asking, could not
 * ask, each refusal with its hint, or the settings the session would start with and the tier that
 * decided each. The dialog decides nothing; this draws the store's plan check.
 */
import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";
import type { ResolvedSettingView } from "../../session-port.js";
import { type PlanCheck, planPending, planRefusals } from "../../store/plan-check.js";
import { settingValue } from "./inspector-lines.js";

/** The longest a value is shown in the one-line summary (a long allow-list would push the rest off). */
const VALUE_CHARS = 32;

/** One resolved setting in words: its value, the tier that decided it, and a mark when the harness cannot express it. */
export function settingWords(s: ResolvedSettingView): string {
  const value = settingValue(s.value);
  const short = value.length > VALUE_CHARS ? `${value.slice(0, VALUE_CHARS - 1)}…` : value;
  return `${s.key} ${short} (${s.tier})${s.divergence ? " !" : ""}`;
}

export interface PlanVerdictViewProps {
  readonly check: PlanCheck | null;
  /** Name the harness on each line (a race plans several). */
  readonly perHarness?: boolean;
}

export function PlanVerdictView({ check, perHarness = false }: PlanVerdictViewProps): React.ReactElement | null {
  const theme = useTheme();
  if (check === null) return null;
  if (planPending(check)) return <Text dimColor>asking the server…</Text>;
  if (check.failure !== null)
    return <Text bold color={theme.colors.error} wrap="wrap">{`could not ask the server: ${check.failure}`}</Text>;
  const refusals = planRefusals(check);
  if (refusals.length > 0)
    return (
      <Box flexDirection="column">
        {refusals.map(({ harness, refusal }, i) => (
          <Box key={`${harness}-${i}`} flexDirection="column">
            <Text bold color={theme.colors.error} wrap="wrap">
              {`refused${perHarness ? ` ${harness}` : ""}${refusal.issue ? ` (${refusal.issue})` : ""}: ${refusal.message}`}
            </Text>
            {refusal.hint ? <Text color={theme.colors.warn} wrap="wrap">{`hint: ${refusal.hint}`}</Text> : null}
            {refusal.supported?.length ? (
              <Text dimColor wrap="truncate">{`supported: ${refusal.supported.join(", ")}`}</Text>
            ) : null}
          </Box>
        ))}
      </Box>
    );
  return (
    <Box flexDirection="column">
      {(check.verdicts ?? []).map((v, i) =>
        v.ok ? (
          <Box key={`${v.harness}-${i}`} flexDirection="column">
            <Text color={theme.colors.status} wrap="truncate">{`${v.harness} in ${v.cwd}`}</Text>
            {v.settings.length > 0 ? (
              <Text dimColor wrap="wrap">
                {v.settings.map(settingWords).join(" · ")}
              </Text>
            ) : null}
            {v.notes.map((note, n) => (
              <Text key={`note-${n}`} color={theme.colors.warn} wrap="wrap">
                {note}
              </Text>
            ))}
          </Box>
        ) : null,
      )}
    </Box>
  );
}
