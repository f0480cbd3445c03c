/**
 * One character of a component drawn by the body layer (src/ui/render/body-layer.ts) rather than
 * by Ink: the pane header's spinner, which turns on every commit while the rest of the header
 * stays. The component renders the returned marker in the character's place; the layer puts the
 * character there, with the styles around it, and turns it for a newer state without React.
 */
import { useContext, useLayoutEffect, useState } from "react";
import { BodyLayerContext } from "../contexts/body-layer-context.js";
import { BodyLayer } from "../render/body-layer.js";
import type { UiState } from "../store/ui-state.js";

/**
 * `glyph`: the character now (one narrow column), null while none shows; `glyphOf`: the character a
 * newer state shows. Returns the marker to render, or null: render the character itself.
 */
export function useLayerGlyph(glyph: string | null, glyphOf: (frame: UiState) => string): string | null {
  const layer = useContext(BodyLayerContext);
  const [slot] = useState(() => layer?.claim() ?? null);
  useLayoutEffect(() => (layer && slot !== null ? () => layer.release(slot) : undefined), [layer, slot]);
  useLayoutEffect(() => {
    if (!layer || slot === null) return;
    if (glyph === null) layer.clear(slot);
    else {
      layer.paint(slot, 1, [glyph]);
      layer.feed(slot, (frame) => ({ width: 1, rows: [glyphOf(frame)] }));
    }
  });
  return layer && slot !== null && glyph !== null ? BodyLayer.marker(slot) : null;
}
