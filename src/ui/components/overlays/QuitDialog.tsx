import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";
import { CONFIRM_ROWS } from "../../store/ui-state.js";

export interface ConfirmBarProps {
  readonly title: string;
  readonly question: string;
  readonly width: number;
}

/** A yes/no question under the panes: the screen stays visible while you decide. */
export function ConfirmBar({ title, question, width }: ConfirmBarProps): React.ReactElement {
  const theme = useTheme();
  return (
    <Box
      width={width}
      height={CONFIRM_ROWS}
      flexShrink={0}
      borderStyle="round"
      borderColor={theme.colors.warn}
      paddingX={1}
      flexDirection="column"
    >
      <Text bold color={theme.colors.warn} wrap="truncate">
        {title}
      </Text>
      <Text wrap="truncate">{question}</Text>
    </Box>
  );
}

export function runningText(running: number): string {
  return `${running} session${running === 1 ? " is" : "s are"} still running.`;
}
