import { Box, Text } from "ink";
import type React from "react";
import { isNativePort } from "../../native/native-port.js";
import { Pane } from "../components/Pane.js";
import type { Rect } from "../layout/tile.js";
import { NativePane } from "../native/NativePane.js";
import type { AppStore } from "../store/app-store.js";
import { inputMode } from "../store/intents.js";

export interface GridLayoutProps {
  readonly store: AppStore;
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

/** The tiled panes, or the focused one alone when zoomed. */
export function GridLayout({ store, width, height }: GridLayoutProps): React.ReactElement {
  if (store.panes.length === 0) {
    return (
      <Box width={width} height={height} alignItems="center" justifyContent="center">
        <Text dimColor>no panes open · Alt+n new session · Alt+o reopen a closed pane</Text>
      </Box>
    );
  }
  const rects = store.paneRects();
  const indices = store.zoom ? [store.focus] : store.panes.map((_, i) => i);
  const now = store.scheduler.now();
  const focusedMode = inputMode(store);
  const paneFor = (index: number, rect: Rect): React.ReactElement | null => {
    const key = store.panes[index];
    const view = key === undefined ? undefined : store.sessions.get(key);
    if (!view || key === undefined) return null;
    const focused = index === store.focus;
    const native = store.ports.get(key);
    if (isNativePort(native)) {
      return (
        <NativePane
          key={key}
          port={native}
          view={view}
          viewVersion={view.version}
          index={index}
          rect={rect}
          focused={focused}
          capturing={native.capturing}
        />
      );
    }
    const deadline = view.approvals[0]?.deadlineAt ?? null;
    return (
      <Pane
        key={key}
        view={view}
        viewVersion={store.publishedVersion(key)}
        index={index}
        rect={rect}
        focused={focused}
        tick={focused ? store.tick : null}
        anchor={store.anchorOf(key)}
        draft={store.draftOf(key)}
        compose={focused ? store.compose : null}
        inputMode={focused ? focusedMode : "turn"}
        now={deadline === null ? 0 : Math.floor(now / 1000) * 1000}
      />
    );
  };
  if (store.zoom)
    return (
      <Box width={width} height={height}>
        {paneFor(store.focus, rects[0]!)}
      </Box>
    );
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {rowsOf(rects.filter((_, i) => indices.includes(i))).map((row) => (
        <Box key={row[0]!.rect.y} flexDirection="row" height={row[0]!.rect.height}>
          {row.map(({ rect, index }) => paneFor(index, rect))}
        </Box>
      ))}
    </Box>
  );
}
