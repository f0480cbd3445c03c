/**
 * A one-line field as TextView draws it (the cursor cell inverted, the placeholder's first cell
 * inverted and the rest dim), as one row for the body layer: exactly `width` cells ending in the
 * default attributes, or null when a character needs Ink to size it.
 */
import { narrow } from "../render/row-cells.js";
import { styleRow } from "../theme/ansi.js";
import { shownText, type TextState, visibleWindow } from "./text-edit.js";

function allNarrow(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!narrow(text.charCodeAt(i))) return false;
  return true;
}

export function textViewRow(text: TextState, placeholder: string, width: number): string | null {
  let cells: number;
  let row: string;
  if (text.value === "" && placeholder !== "") {
    const first = placeholder[0]!;
    const rest = placeholder.slice(1, Math.max(1, width));
    if (!allNarrow(first + rest)) return null;
    cells = Math.min(width, 1 + rest.length);
    row = styleRow(first, { inverse: true }) + (rest === "" ? "" : styleRow(rest.slice(0, cells - 1), { dim: true }));
  } else {
    const shown = visibleWindow(text, width);
    const visible = shownText(shown.text);
    const before = visible.slice(0, shown.cursor);
    const at = visible[shown.cursor] ?? " ";
    const after = visible.slice(shown.cursor + 1);
    if (!allNarrow(visible)) return null;
    cells = before.length + 1 + after.length;
    if (cells > width) return null;
    row = before + styleRow(at, { inverse: true }) + after;
  }
  return cells < width ? row + " ".repeat(width - cells) : row;
}
