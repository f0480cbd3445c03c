/**
 * Focus reporting (xterm's mode 1004): once `ESC[?1004h` is written, the terminal says
 * `ESC[I` when its window gains focus and `ESC[O` when it loses it. hmux uses it to keep quiet
 * about the pane in front of the person, and notifies when they are elsewhere.
 */
export const FOCUS_REPORTING_ON = "\u001b[?1004h";
export const FOCUS_REPORTING_OFF = "\u001b[?1004l";

const FOCUS_IN = "\u001b[I";
const FOCUS_OUT = "\u001b[O";

/**
 * One piece of input that starts at an ESC (or none): a focus report at its head is taken out.
 * `focus` is what it said (null: none); `rest` goes on to the key reader.
 */
export function takeFocusReport(piece: string): { readonly focus: boolean | null; readonly rest: string } {
  if (piece.startsWith(FOCUS_IN)) return { focus: true, rest: piece.slice(FOCUS_IN.length) };
  if (piece.startsWith(FOCUS_OUT)) return { focus: false, rest: piece.slice(FOCUS_OUT.length) };
  return { focus: null, rest: piece };
}
