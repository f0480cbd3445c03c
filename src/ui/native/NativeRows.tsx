import { Box, Text } from "ink";
import type React from "react";
import { memo } from "react";
import type { StyledRow } from "../../native/cells.js";

export interface NativeRowsProps {
  readonly rows: readonly StyledRow[];
  readonly width: number;
  readonly height: number;
  /** NO_COLOR: keep bold/underline/inverse, drop colours. */
  readonly noColor: boolean;
}

function RowImpl({ row, noColor }: { row: StyledRow; noColor: boolean }): React.ReactElement {
  if (row.length === 0) return <Text> </Text>;
  return (
    <Text wrap="truncate">
      {row.map((s, i) => (
        <Text
          key={i}
          color={noColor ? undefined : s.fg}
          backgroundColor={noColor ? undefined : s.bg}
          bold={s.bold}
          dimColor={s.dim}
          italic={s.italic}
          underline={s.underline}
          inverse={s.inverse}
          strikethrough={s.strikethrough}
        >
          {s.text}
        </Text>
      ))}
    </Text>
  );
}

/** Rows keep their identity while unchanged (NativeTerminal reuses them), so memo skips them. */
const Row = memo(RowImpl);

/** The emulated screen: one Ink line per terminal row, clipped to the pane. */
function NativeRowsImpl({ rows, width, height, noColor }: NativeRowsProps): React.ReactElement {
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rows.slice(0, height).map((row, y) => (
        <Row key={y} row={row} noColor={noColor} />
      ))}
    </Box>
  );
}

export const NativeRows = memo(NativeRowsImpl);
