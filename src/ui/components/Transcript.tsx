import React from "react";
import { Box, Text } from "ink";
import type { TranscriptWindow } from "../store/transcript-window.js";
import { toneColor } from "../theme/theme.js";
import { useTheme } from "../hooks/use-theme.js";

export interface TranscriptProps {
  readonly window: TranscriptWindow;
  readonly width: number;
  readonly height: number;
}

/** Exactly `height` rows: the visible window only, never the whole history. */
export function Transcript({ window, width, height }: TranscriptProps): React.ReactElement {
  const theme = useTheme();
  const rows = window.lines.slice(0, height);
  const showMore = window.below > 0 && rows.length > 0;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rows.map((line, i) =>
        showMore && i === rows.length - 1 ? (
          <Text key={i} wrap="truncate" color={theme.colors.status} inverse={theme.noColor}>
            {`↓ ${window.below} more rows · PgDn to follow`}
          </Text>
        ) : (
          <Text key={i} wrap="truncate" color={toneColor(theme, line.tone)} dimColor={line.tone === "dim"} bold={line.bold === true}>
            {line.text === "" ? " " : line.text}
          </Text>
        ),
      )}
    </Box>
  );
}
