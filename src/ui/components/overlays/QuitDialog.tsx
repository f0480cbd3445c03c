import { Box, Text } from "ink";
import type React from "react";
import { useTheme } from "../../hooks/use-theme.js";

export interface QuitDialogProps {
  readonly running: number;
  readonly width: number;
  readonly height: number;
}

export function QuitDialog({ running, width, height }: QuitDialogProps): React.ReactElement {
  const theme = useTheme();
  return (
    <Box width={width} height={height} alignItems="center" justifyContent="center">
      <Box borderStyle="round" borderColor={theme.colors.warn} paddingX={2} flexDirection="column">
        <Text
          bold
          color={theme.colors.warn}
        >{`${running} session${running === 1 ? " is" : "s are"} still running.`}</Text>
        <Text>Quit and halt them? y quit · n stay</Text>
      </Box>
    </Box>
  );
}
