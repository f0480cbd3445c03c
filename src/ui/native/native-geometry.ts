/** How a native pane spends its rectangle: border, one header row, the terminal. */
import type { Rect } from "../layout/tile.js";

export function nativeTerminalSize(rect: Rect): { cols: number; rows: number } {
  return { cols: Math.max(2, rect.width - 2), rows: Math.max(1, rect.height - 3) };
}
