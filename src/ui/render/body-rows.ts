/**
 * A transcript row as the body layer (body-layer.ts) puts it on screen: styled, padded with blanks
 * to exactly the body's width, ending in the default attributes. Only rows whose every character
 * is known to take one column can be sized without Ink's measuring; for any other row there is no
 * body row (null) and the pane falls back to Ink's own text.
 */
import { type RowStyle, styleRow } from "../theme/ansi.js";
import { narrow } from "./row-cells.js";

export function bodyRow(text: string, width: number, style: RowStyle): string | null {
  const shown = text.length > width ? text.slice(0, width) : text;
  for (let i = 0; i < shown.length; i++) if (!narrow(shown.charCodeAt(i))) return null;
  // The padding is unstyled: an inverse or coloured row must not paint the blanks after it.
  return shown.length < width ? styleRow(shown, style) + " ".repeat(width - shown.length) : styleRow(shown, style);
}
