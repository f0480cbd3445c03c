import { Box, Text } from "ink";
import type React from "react";
import { countdown } from "../../core/control/countdown.js";
import { Pane } from "../components/Pane.js";
import { useKeys } from "../hooks/use-keys.js";
import type { Rect } from "../layout/tile.js";
import { NativePane } from "../native/NativePane.js";
import { isNativePort } from "../native/native-port.js";
import type { SessionPort } from "../session-port.js";
import { spinnerShows } from "../store/tick-demand.js";
import {
  anchorOf,
  draftCursorOf,
  draftOf,
  inputMode,
  onePane,
  paneRects,
  sessionNumber,
  type UiState,
} from "../store/ui-state.js";
import { emptyScreenText } from "./empty-screen.js";

export interface GridLayoutProps {
  /** The published state (the store's frame). */
  readonly state: UiState;
  readonly ports: ReadonlyMap<string, SessionPort>;
  readonly width: number;
  readonly height: number;
}

function rowsOf(rects: readonly Rect[]): Array<Array<{ rect: Rect; index: number }>> {
  const rows = new Map<number, Array<{ rect: Rect; index: number }>>();
  rects.forEach((rect, index) => {
    const row = rows.get(rect.y) ?? [];
    row.push({ rect, index });
    rows.set(rect.y, row);
  });
  return [...rows.values()];
}

/**
 * The tiled panes, or the focused one alone when zoomed. A background pane gets the same
 * objects for every prop while its view is unchanged, so its memo skips it.
 */
export function GridLayout({ state, ports, width, height }: GridLayoutProps): React.ReactElement {
  const { keymap } = useKeys();
  if (state.panes.length === 0) {
    return (
      <Box width={width} height={height} alignItems="center" justifyContent="center">
        <Text dimColor>{emptyScreenText(state, keymap)}</Text>
      </Box>
    );
  }
  const rects = paneRects(state);
  const focusedMode = inputMode(state);
  const paneFor = (index: number, rect: Rect): React.ReactElement | null => {
    const key = state.panes[index];
    const view = key === undefined ? undefined : state.sessions.get(key);
    if (!view || key === undefined) return null;
    const focused = index === state.focus;
    const native = ports.get(key);
    if (isNativePort(native)) {
      return (
        <NativePane
          key={key}
          port={native}
          view={view}
          index={sessionNumber(state, key) - 1}
          rect={rect}
          focused={focused}
          capturing={state.typingInto === key}
        />
      );
    }
    const marks = state.broadcast?.marked;
    return (
      <Pane
        key={key}
        view={view}
        index={sessionNumber(state, key) - 1}
        rect={rect}
        focused={focused}
        tick={focused && spinnerShows(view.lifecycle) ? state.tick : null}
        anchor={anchorOf(state, key)}
        draft={draftOf(state, key)}
        cursor={draftCursorOf(state, key)}
        compose={focused ? state.compose : null}
        inputMode={focused ? focusedMode : "turn"}
        countdown={countdown(view.approvals[0]?.deadlineAt ?? null, state.clock)}
        noticesOpen={state.noticesOpen.has(key)}
        {...(marks ? { mark: marks.includes(key) ? "marked" : "unmarked" } : {})}
        branch={state.branchStatus.get(key)}
      />
    );
  };
  if (onePane(state))
    return (
      <Box width={width} height={height}>
        {paneFor(state.focus, rects[0]!)}
      </Box>
    );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rowsOf(rects).map((row) => (
        <Box key={row[0]!.rect.y} flexDirection="row" height={row[0]!.rect.height}>
          {row.map(({ rect, index }) => paneFor(index, rect))}
        </Box>
      ))}
    </Box>
  );
}
