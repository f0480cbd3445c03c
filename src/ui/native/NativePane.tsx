import { Box, Text, useStdout } from "ink";
import type React from "react";
import { memo, useEffect } from "react";
import { ESCAPE_CHORD_LABEL } from "../../native/keys.js";
import { badgeColor, badgeText } from "../components/state-badge.js";
import { useTheme } from "../hooks/use-theme.js";
import type { Rect } from "../layout/tile.js";
import type { SessionView } from "../store/session-view.js";
import { NativeRows } from "./NativeRows.js";
import { nativeTerminalSize } from "./native-geometry.js";
import type { NativePort } from "./native-port.js";
import { useNativeFrame } from "./use-native-frame.js";

export interface NativePaneProps {
  readonly port: NativePort;
  readonly view: SessionView;
  readonly index: number;
  readonly rect: Rect;
  readonly focused: boolean;
  /** Whether keys go to the terminal; a prop so the header re-renders when it flips. */
  readonly capturing: boolean;
}

function modeText(port: NativePort, focused: boolean, capturing: boolean): string {
  if (port.terminal.exit) return "exited";
  if (!focused) return "";
  return capturing
    ? `typing into the pane · ${ESCAPE_CHORD_LABEL} → hmux`
    : "hmux keys · Enter → type · PgUp/PgDn scroll";
}

/** A harness's own UI (or a shell) in a pane: the emulated screen under a one-line header. */
function NativePaneImpl({ port, view, index, rect, focused, capturing }: NativePaneProps): React.ReactElement {
  const theme = useTheme();
  const { stdout } = useStdout();
  const frame = useNativeFrame(port.terminal);
  const { cols, rows } = nativeTerminalSize(rect);

  useEffect(() => {
    port.terminal.resize(cols, rows);
  }, [port, cols, rows]);

  // Focus leaving (or the pane unmounting while focused: closed, zoomed) resets, on the real
  // terminal, every input mode the UI turned on; the update function hands the keys back to hmux.
  useEffect(() => {
    port.terminal.setFocused(focused);
    if (!focused) return undefined;
    return () => {
      const reset = port.terminal.setFocused(false);
      if (reset) stdout.write(reset);
    };
  }, [port, focused, stdout]);

  const state = port.stateKnown ? badgeText(view.lifecycle, null) : "? state unknown";
  const stateColor = port.stateKnown ? badgeColor(theme, view.lifecycle) : theme.colors.warn;
  const scrolled = frame.scrollOffset > 0 ? ` · ↑${frame.scrollOffset}/${frame.scrollback}` : "";
  const mode = modeText(port, focused, capturing);
  const exit = port.terminal.exit;
  return (
    <Box
      width={rect.width}
      height={rect.height}
      flexDirection="column"
      overflow="hidden"
      borderStyle={focused ? (capturing ? "double" : "bold") : "round"}
      borderColor={focused ? theme.colors.borderFocused : theme.colors.border}
      borderDimColor={!focused}
    >
      <Box width={cols} height={1}>
        <Box flexShrink={0}>
          <Text bold={focused} color={focused ? theme.colors.selection : undefined}>{`${index + 1} `}</Text>
        </Box>
        <Box flexGrow={1} flexShrink={1}>
          <Text
            wrap="truncate"
            bold={focused}
          >{`${view.info.label ?? port.kind}${scrolled}${mode ? ` · ${mode}` : ""}`}</Text>
        </Box>
        <Box flexShrink={0}>
          <Text color={stateColor}>
            {exit ? ` exited ${exit.signal !== null ? `signal ${exit.signal}` : `code ${exit.code}`}` : ` ${state}`}
          </Text>
        </Box>
      </Box>
      <NativeRows rows={frame.rows} width={cols} height={rows} noColor={theme.noColor} />
    </Box>
  );
}

export const NativePane = memo(NativePaneImpl);
