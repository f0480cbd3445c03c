import { Box, Text } from "ink";
import type React from "react";
import type { FailureSummary } from "../../../core/events.js";
import { useTheme } from "../../hooks/use-theme.js";

export interface FailureWidgetProps {
  readonly failure: FailureSummary;
  readonly width: number;
  readonly height: number;
}

export function resetText(resetsAt: number): string {
  return `resets at ${new Date(resetsAt).toISOString().slice(11, 16)} UTC`;
}

/** Why a session failed: class, whether a retry elsewhere makes sense, the hint, reset time. */
export function FailureWidget({ failure, width, height }: FailureWidgetProps): React.ReactElement {
  const theme = useTheme();
  const extra = [
    failure.hint ? `hint: ${failure.hint}` : null,
    failure.resetsAt !== undefined ? resetText(failure.resetsAt) : null,
  ].filter((l): l is string => l !== null);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="truncate" bold color={theme.colors.error} inverse={theme.noColor}>
        {`✗ ${failure.class} · ${failure.retryable ? "retryable" : "not retryable"} · ${failure.message}`}
      </Text>
      {extra.map((l, i) => (
        <Text key={i} wrap="truncate" color={theme.colors.warn}>
          {l}
        </Text>
      ))}
    </Box>
  );
}
