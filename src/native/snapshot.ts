/**
 * The visible rows of a headless terminal as styled rows: the live screen, or a window
 * `scrollOffset` lines back into the normal buffer's scrollback. The alternate screen has
 * no scrollback (full-screen UIs redraw it), so an offset there is ignored.
 */
import type { Terminal } from "@xterm/headless";
import { rowSegments, type StyledRow } from "./cells.js";

export interface TerminalSnapshot {
  readonly cols: number;
  readonly rows: readonly StyledRow[];
  /** Lines scrolled back from the bottom (0: live). */
  readonly scrollOffset: number;
  /** Lines of history above the screen. */
  readonly scrollback: number;
  readonly alternate: boolean;
  readonly cursor: { readonly x: number; readonly y: number } | null;
}

export interface SnapshotOptions {
  readonly scrollOffset?: number;
  /** Draw the cursor (only the focused, live pane does). */
  readonly showCursor?: boolean;
  readonly cursorHidden?: boolean;
}

export function clampScroll(terminal: Terminal, offset: number): number {
  const buffer = terminal.buffer.active;
  if (buffer.type === "alternate") return 0;
  return Math.max(0, Math.min(offset, buffer.baseY));
}

export function takeSnapshot(terminal: Terminal, options: SnapshotOptions = {}): TerminalSnapshot {
  const buffer = terminal.buffer.active;
  const alternate = buffer.type === "alternate";
  const offset = clampScroll(terminal, options.scrollOffset ?? 0);
  const top = buffer.baseY - offset;
  const scratch = buffer.getNullCell();
  const live = offset === 0;
  const drawCursor = live && options.showCursor === true && options.cursorHidden !== true;
  const rows: StyledRow[] = [];
  for (let y = 0; y < terminal.rows; y++) {
    const cursorX = drawCursor && y === buffer.cursorY ? buffer.cursorX : -1;
    rows.push(rowSegments(buffer.getLine(top + y), terminal.cols, scratch, cursorX));
  }
  return {
    cols: terminal.cols,
    rows,
    scrollOffset: offset,
    scrollback: alternate ? 0 : buffer.baseY,
    alternate,
    cursor: drawCursor ? { x: buffer.cursorX, y: buffer.cursorY } : null,
  };
}
