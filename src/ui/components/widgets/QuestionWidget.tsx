import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";
import type { OpenQuestion } from "../../store/session-view.js";

export interface QuestionWidgetProps {
  readonly question: OpenQuestion;
  readonly width: number;
  readonly height: number;
}

/** The model's question: numbered options, the recommended one marked, free text below. */
export function QuestionWidget({ question, width, height }: QuestionWidgetProps): React.ReactElement {
  const theme = useTheme();
  const withRule = height >= 4;
  const room = Math.max(0, height - (withRule ? 3 : 2));
  const options = question.options.slice(0, room);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {withRule ? <Text color={theme.colors.attention}>{"─".repeat(width)}</Text> : null}
      <Text
        wrap="truncate"
        bold
        color={theme.colors.attention}
        inverse={theme.noColor}
      >{`? ${question.question}`}</Text>
      {options.map((o, i) => {
        const recommended = question.recommended !== undefined && o === question.recommended;
        return (
          <Text key={i} wrap="truncate" bold={recommended} color={recommended ? theme.colors.success : undefined}>
            {`${i + 1}. ${o}${recommended ? "  ★ recommended" : ""}`}
          </Text>
        );
      })}
      <Text wrap="truncate" color={theme.colors.status}>
        {question.options.length > 0
          ? `1–${Math.min(9, question.options.length)} choose · or type an answer and Enter`
          : "type an answer and Enter"}
      </Text>
    </Box>
  );
}
