/**
 * One row of a component drawn by the body layer (src/ui/render/body-layer.ts) rather than by Ink,
 * for what changes far more often than what is around it: the pane header's spinner (one column)
 * and the focused input field, which a typed key redraws without a React render or an Ink frame.
 * The component renders the returned marker in the row's place; the layer puts the row there and
 * redraws it for a newer state from `rowOf`.
 */
import { useContext, useLayoutEffect, useState } from "react";
import { BodyLayerContext } from "../contexts/body-layer-context.js";
import { BodyLayer } from "../render/body-layer.js";
import type { UiState } from "../store/ui-state.js";

/**
 * What a row shows now: its text (styled, exactly `width` narrow cells), or `absent` (nothing: a
 * newer state needs no redraw of it) or `ink` (Ink draws it, so a newer state needs React).
 */
export type LayerRow = string | "absent" | "ink";

/** The marker to render in the row's place, or null: render the row through Ink. */
export function useLayerRow(row: LayerRow, width: number, rowOf: (frame: UiState) => string | null): string | null {
  const layer = useContext(BodyLayerContext);
  const [slot] = useState(() => layer?.claim() ?? null);
  useLayoutEffect(() => (layer && slot !== null ? () => layer.release(slot) : undefined), [layer, slot]);
  useLayoutEffect(() => {
    if (!layer || slot === null) return;
    if (row === "absent") return layer.clear(slot);
    if (row === "ink") {
      layer.paint(slot, width, []);
      return layer.feed(slot, null);
    }
    layer.paint(slot, width, [row]);
    layer.feed(slot, (frame) => {
      const next = rowOf(frame);
      return next === null ? null : { width, rows: [next] };
    });
  });
  return layer && slot !== null && row !== "absent" && row !== "ink" ? BodyLayer.marker(slot) : null;
}
