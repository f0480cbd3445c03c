import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { keyOf } from "../keys/hints.js";
import type { TranscriptWindow } from "../store/transcript-window.js";
import { styleRow } from "../theme/ansi.js";
import { toneColor } from "../theme/theme.js";

export interface TranscriptProps {
  readonly window: TranscriptWindow;
  readonly width: number;
  readonly height: number;
}

/**
 * Exactly `height` rows: the visible window only, never the whole history, drawn as one
 * Text node (each row styled inline) to keep Ink's per-frame work small.
 */
export function Transcript({ window, width, height }: TranscriptProps): React.ReactElement {
  const theme = useTheme();
  const follow = keyOf(useKeys().keymap, "scroll.down");
  const rows = window.lines.slice(0, height);
  const showMore = window.below > 0 && rows.length > 0;
  const text = rows
    .map((line, i) => {
      if (showMore && i === rows.length - 1) {
        return styleRow(`↓ ${window.below} more rows${follow ? ` · ${follow} to follow` : ""}`.slice(0, width), {
          color: theme.colors.status,
          inverse: theme.noColor,
        });
      }
      return styleRow(line.text.slice(0, width), {
        color: toneColor(theme, line.tone),
        dim: line.tone === "dim",
        bold: line.bold === true,
      });
    })
    .join("\n");
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="wrap">{text === "" ? " " : text}</Text>
    </Box>
  );
}
