import { Box, Text } from "ink";
import type React from "react";
import { useContext, useLayoutEffect, useState } from "react";
import { BodyLayerContext } from "../contexts/body-layer-context.js";
import { useKeys } from "../hooks/use-keys.js";
import { useTheme } from "../hooks/use-theme.js";
import { keyOf } from "../keys/hints.js";
import { BodyLayer } from "../render/body-layer.js";
import { bodyRow } from "../render/body-rows.js";
import type { DisplayLine } from "../store/entry-lines.js";
import type { TranscriptWindow } from "../store/transcript-window.js";
import type { UiState } from "../store/ui-state.js";
import { type RowStyle, styleRow } from "../theme/ansi.js";
import { type Theme, toneColor } from "../theme/theme.js";

export interface TranscriptProps {
  readonly window: TranscriptWindow;
  readonly width: number;
  readonly height: number;
  /** The window a newer published state shows, at this size and scroll; null: that state has no such session. */
  readonly windowOf?: (frame: UiState) => TranscriptWindow | null;
}

interface Row {
  readonly text: string;
  readonly style: RowStyle;
}

/** The rows shown: the window's lines, the last one replaced by a "more below" line when scrolled up. */
function shownRows(window: TranscriptWindow, height: number, theme: Theme, follow: string | null): Row[] {
  const lines = window.lines.slice(0, height);
  const showMore = window.below > 0 && lines.length > 0;
  return lines.map((line, i) =>
    showMore && i === lines.length - 1
      ? {
          text: `↓ ${window.below} more rows${follow ? ` · ${follow} to follow` : ""}`,
          style: { color: theme.colors.status, inverse: theme.noColor },
        }
      : lineRow(line, theme),
  );
}

const lineStyles = new WeakMap<DisplayLine, { theme: Theme; row: Row }>();

/** A line's row, kept per line object (lines are cached per entry and width) so a frame restyles only new lines. */
function lineRow(line: DisplayLine, theme: Theme): Row {
  const hit = lineStyles.get(line);
  if (hit && hit.theme === theme) return hit.row;
  const row = {
    text: line.text,
    style: { color: toneColor(theme, line.tone), dim: line.tone === "dim", bold: line.bold === true },
  };
  lineStyles.set(line, { theme, row });
  return row;
}

const bodyRows = new WeakMap<Row, { width: number; row: string | null }>();

/** The rows as the body layer draws them, or null when one of them needs Ink to measure it. */
function layerRows(rows: readonly Row[], width: number, height: number): string[] | null {
  const out: string[] = [];
  for (const r of rows) {
    const hit = bodyRows.get(r);
    const row = hit && hit.width === width ? hit.row : bodyRow(r.text, width, r.style);
    if (!hit || hit.width !== width) bodyRows.set(r, { width, row });
    if (row === null) return null;
    out.push(row);
  }
  const blank = " ".repeat(width);
  while (out.length < height) out.push(blank);
  return out;
}

/**
 * Exactly `height` rows: the visible window only, never the whole history. With a body layer
 * (src/ui/render/body-layer.ts) Ink draws one marker a row and the layer the finished rows;
 * without one, or for rows only Ink can measure, one Text node (each row styled inline).
 */
export function Transcript({ window, width, height, windowOf }: TranscriptProps): React.ReactElement {
  const theme = useTheme();
  const follow = keyOf(useKeys().keymap, "scroll.down");
  const layer = useContext(BodyLayerContext);
  const rows = shownRows(window, height, theme, follow ?? null);
  const drawn = layer && height > 0 ? layerRows(rows, width, height) : null;
  const slot = useBodySlot(layer);
  useLayoutEffect(() => {
    if (!layer || slot === null) return;
    // No rows: nothing to draw now or for a newer state.
    if (height <= 0) return layer.clear(slot);
    layer.paint(slot, width, drawn ?? []);
    // A body only Ink can draw needs React for a newer state too.
    // The same window again (windowOf keeps it while the entries stand) is the same rows.
    let last = { window, rows: drawn };
    layer.feed(
      slot,
      drawn && windowOf
        ? (frame) => {
            const next = windowOf(frame);
            if (next === null) return null;
            if (next !== last.window)
              last = { window: next, rows: layerRows(shownRows(next, height, theme, follow ?? null), width, height) };
            return last.rows ? { width, rows: last.rows } : null;
          }
        : null,
    );
  });
  if (drawn && slot !== null) {
    const marker = BodyLayer.marker(slot);
    return (
      <Box flexDirection="column" width={width} height={height} overflow="hidden">
        <Text wrap="truncate">{Array.from({ length: height }, () => marker).join("\n")}</Text>
      </Box>
    );
  }
  const text = rows.map((r) => styleRow(r.text.slice(0, width), r.style)).join("\n");
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text wrap="wrap">{text === "" ? " " : text}</Text>
    </Box>
  );
}

/** This transcript's slot on the layer while it is mounted. */
function useBodySlot(layer: BodyLayer<UiState> | null): number | null {
  const [slot] = useState(() => layer?.claim() ?? null);
  useLayoutEffect(() => (layer && slot !== null ? () => layer.release(slot) : undefined), [layer, slot]);
  return slot;
}
