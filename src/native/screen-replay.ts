/**
 * A headless terminal's state as the bytes that draw it again: history and screen of the normal
 * buffer, the alternate screen when one is up, the cursor, and the input modes the UI turned on.
 * A server-owned pane sends these to a client that attaches, so its own emulator starts from the
 * screen as it is (not from a blank one, nor from a tail of output cut mid-sequence) and then
 * follows the live stream. What a client cannot be told this way (the scroll region, the current
 * pen) the UI sets again when it redraws on the resize every attach brings.
 */
import type { IBuffer, IBufferCell, IBufferLine, Terminal } from "@xterm/headless";
import type { InputModes } from "./modes.js";

const ESC = "\u001b";

export interface ReplayOptions {
  /** History lines above the screen to include (the rest are left behind). */
  readonly history?: number;
  readonly modes?: InputModes;
  readonly cursorHidden?: boolean;
}

/** One cell's attributes as an SGR sequence, from a reset, so no earlier attribute leaks in. */
function sgrOf(cell: IBufferCell): string {
  const p = ["0"];
  if (cell.isBold()) p.push("1");
  if (cell.isDim()) p.push("2");
  if (cell.isItalic()) p.push("3");
  if (cell.isUnderline()) p.push("4");
  if (cell.isBlink()) p.push("5");
  if (cell.isInverse()) p.push("7");
  if (cell.isInvisible()) p.push("8");
  if (cell.isStrikethrough()) p.push("9");
  if (cell.isOverline()) p.push("53");
  if (cell.isFgRGB()) {
    const c = cell.getFgColor();
    p.push(`38;2;${(c >> 16) & 255};${(c >> 8) & 255};${c & 255}`);
  } else if (cell.isFgPalette()) {
    const i = cell.getFgColor();
    p.push(i < 8 ? String(30 + i) : i < 16 ? String(90 + i - 8) : `38;5;${i}`);
  }
  if (cell.isBgRGB()) {
    const c = cell.getBgColor();
    p.push(`48;2;${(c >> 16) & 255};${(c >> 8) & 255};${c & 255}`);
  } else if (cell.isBgPalette()) {
    const i = cell.getBgColor();
    p.push(i < 8 ? String(40 + i) : i < 16 ? String(100 + i - 8) : `48;5;${i}`);
  }
  return `${ESC}[${p.join(";")}m`;
}

/** Whether a cell draws anything: a character, or a background or attribute that shows on a blank. */
function visible(cell: IBufferCell): boolean {
  return cell.getChars() !== "" || !cell.isBgDefault() || cell.isInverse() !== 0 || cell.isUnderline() !== 0;
}

/**
 * One line's cells as text with SGR changes, ending with the pen reset when it was styled.
 * `full`: every cell up to the last column (the next line continues this one by wrapping).
 */
function lineBytes(line: IBufferLine | undefined, cols: number, scratch: IBufferCell, full: boolean): string {
  if (!line) return "";
  const width = Math.min(cols, line.length);
  let end = width;
  if (!full) {
    end = 0;
    for (let x = width - 1; x >= 0; x--) {
      const cell = line.getCell(x, scratch);
      if (cell && visible(cell)) {
        end = x + cell.getWidth();
        break;
      }
    }
  }
  let out = "";
  let pen = `${ESC}[0m`;
  for (let x = 0; x < Math.min(end, width); x++) {
    const cell = line.getCell(x, scratch);
    if (!cell || cell.getWidth() === 0) continue;
    const sgr = sgrOf(cell);
    if (sgr !== pen) {
      out += sgr;
      pen = sgr;
    }
    out += cell.getChars() || " ";
  }
  if (pen !== `${ESC}[0m`) out += `${ESC}[0m`;
  return out;
}

/** Lines `from`..`to` (exclusive) of a buffer, joined as a terminal would print them, wraps kept. */
function linesBytes(buffer: IBuffer, from: number, to: number, cols: number): string {
  const scratch = buffer.getNullCell();
  let out = "";
  for (let y = from; y < to; y++) {
    const wrapsOn = y + 1 < to && buffer.getLine(y + 1)?.isWrapped === true;
    out += lineBytes(buffer.getLine(y), cols, scratch, wrapsOn);
    if (y + 1 < to && !wrapsOn) out += "\r\n";
  }
  return out;
}

function modeBytes(terminal: Terminal, modes: InputModes | undefined, cursorHidden: boolean): string {
  let out = "";
  const m = terminal.modes;
  if (m.applicationCursorKeysMode) out += `${ESC}[?1h`;
  if (m.applicationKeypadMode) out += `${ESC}=`;
  if (m.bracketedPasteMode) out += `${ESC}[?2004h`;
  if (m.sendFocusMode) out += `${ESC}[?1004h`;
  const mouse = { none: "", x10: "9", vt200: "1000", drag: "1002", any: "1003" }[m.mouseTrackingMode];
  // The encoding is not readable from xterm; the SGR one is what current UIs ask for.
  if (mouse) out += `${ESC}[?${mouse}h${ESC}[?1006h`;
  if (modes) {
    for (let i = 0; i < modes.kittyDepth; i++) out += `${ESC}[>${modes.kittyFlags}u`;
    if (modes.kittyDepth === 0 && modes.kittyFlags !== 0) out += `${ESC}[=${modes.kittyFlags};1u`;
    if (modes.modifyOtherKeys !== 0) out += `${ESC}[>4;${modes.modifyOtherKeys}m`;
  }
  if (cursorHidden) out += `${ESC}[?25l`;
  return out;
}

/** The bytes that redraw `terminal` on a fresh terminal of the same size. */
export function screenReplay(terminal: Terminal, options: ReplayOptions = {}): string {
  const cols = terminal.cols;
  const rows = terminal.rows;
  const normal = terminal.buffer.normal;
  const first = Math.max(0, normal.baseY - (options.history ?? 1000));
  let out = linesBytes(normal, first, normal.baseY + rows, cols);
  const active = terminal.buffer.active;
  if (active.type === "alternate") {
    out += `${ESC}[?1049h${ESC}[H`;
    const scratch = active.getNullCell();
    for (let y = 0; y < rows; y++) out += `${ESC}[${y + 1};1H${lineBytes(active.getLine(y), cols, scratch, false)}`;
  }
  out += `${ESC}[${active.cursorY + 1};${Math.min(active.cursorX, cols - 1) + 1}H`;
  return out + modeBytes(terminal, options.modes, options.cursorHidden === true);
}
