import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";
import { questionRows } from "../../store/question-lines.js";
import type { OpenQuestion } from "../../store/session-view.js";

export interface QuestionWidgetProps {
  readonly question: OpenQuestion;
  readonly width: number;
  readonly height: number;
}

/** The model's question, wrapped to the pane: numbered options, the recommended one marked, the keys below. */
export function QuestionWidget({ question, width, height }: QuestionWidgetProps): React.ReactElement {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {questionRows(question, width, height).map((row, i) => {
        if (row.kind === "rule")
          return (
            <Text key={i} color={theme.colors.attention}>
              {row.text}
            </Text>
          );
        if (row.kind === "question")
          return (
            <Text key={i} wrap="truncate" bold color={theme.colors.attention} inverse={theme.noColor}>
              {row.text}
            </Text>
          );
        if (row.kind === "keys")
          return (
            <Text key={i} wrap="truncate" color={theme.colors.status}>
              {row.text}
            </Text>
          );
        const recommended = row.kind === "recommended";
        return (
          <Text key={i} wrap="truncate" bold={recommended} color={recommended ? theme.colors.success : undefined}>
            {row.text}
          </Text>
        );
      })}
    </Box>
  );
}
