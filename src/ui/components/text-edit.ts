/**
 * One key applied to a single-line text and its cursor. Pure, so a burst of keys is applied one
 * after another to the latest text (a component re-rendering between keys cannot be relied on).
 */

export interface TextState {
  readonly value: string;
  /** 0…value.length, in UTF-16 units. */
  readonly cursor: number;
}

export interface EditKey {
  readonly input: string;
  readonly leftArrow?: boolean;
  readonly rightArrow?: boolean;
  readonly home?: boolean;
  readonly end?: boolean;
  readonly backspace?: boolean;
  readonly delete?: boolean;
  readonly ctrl?: boolean;
  readonly meta?: boolean;
}

/** Index of the code point boundary before/after `i`, so a surrogate pair is one step. */
function prev(value: string, i: number): number {
  if (i <= 0) return 0;
  const low = value.charCodeAt(i - 1);
  return i >= 2 && low >= 0xdc00 && low <= 0xdfff ? i - 2 : i - 1;
}
function next(value: string, i: number): number {
  if (i >= value.length) return value.length;
  const high = value.charCodeAt(i);
  return high >= 0xd800 && high <= 0xdbff && i + 1 < value.length ? i + 2 : i + 1;
}

/** Start of the word before the cursor (Ctrl+W). */
function wordStart(value: string, i: number): number {
  let j = i;
  while (j > 0 && value[j - 1] === " ") j--;
  while (j > 0 && value[j - 1] !== " ") j--;
  return j;
}

/** Text that may be inserted: printable characters; line breaks and tabs become spaces. */
function insertable(input: string): string {
  return input.replace(/[\r\n\t]/g, " ").replace(/[\u0000-\u001f\u007f]/g, "");
}

/** The state after one key; the same object when the key changes nothing. */
export function applyKey(state: TextState, key: EditKey): TextState {
  const { value, cursor } = state;
  if (key.leftArrow) return { value, cursor: prev(value, cursor) };
  if (key.rightArrow) return { value, cursor: next(value, cursor) };
  if (key.home || (key.ctrl && key.input === "a")) return { value, cursor: 0 };
  if (key.end || (key.ctrl && key.input === "e")) return { value, cursor: value.length };
  if (key.ctrl && key.input === "u") return { value: value.slice(cursor), cursor: 0 };
  if (key.ctrl && key.input === "k") return { value: value.slice(0, cursor), cursor };
  if (key.ctrl && key.input === "w") {
    const start = wordStart(value, cursor);
    return { value: value.slice(0, start) + value.slice(cursor), cursor: start };
  }
  // Terminals send DEL (0x7f) for Backspace, which Ink reports as `delete`, the same name as the
  // Delete key's ESC [ 3 ~ — so both erase backwards. Alt+Backspace erases a word.
  if ((key.backspace || key.delete) && key.meta) {
    const start = wordStart(value, cursor);
    return { value: value.slice(0, start) + value.slice(cursor), cursor: start };
  }
  if (key.backspace || key.delete) {
    if (cursor === 0) return state;
    const at = prev(value, cursor);
    return { value: value.slice(0, at) + value.slice(cursor), cursor: at };
  }
  if (key.ctrl || key.meta) return state;
  const text = insertable(key.input);
  if (text === "") return state;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/**
 * Pasted text inserted at the cursor as it was pasted. Its line breaks (CR, LF or CRLF) stay as
 * "\n" where the field keeps them (a prompt); a one-line field gets spaces. Other control bytes
 * (an escape inside the paste) are dropped.
 */
export function applyPaste(state: TextState, pasted: string, keepLineBreaks: boolean): TextState {
  const lines = pasted.replace(/\r\n?/g, "\n");
  const text = (keepLineBreaks ? lines : lines.replace(/[\n\t]/g, " ")).replace(
    /[\u0000-\u0008\u000b-\u001f\u007f]/g,
    "",
  );
  if (text === "") return state;
  const { value, cursor } = state;
  return { value: value.slice(0, cursor) + text + value.slice(cursor), cursor: cursor + text.length };
}

/** How a kept line break or tab is drawn in one cell, so the field stays one row. */
export function shownText(text: string): string {
  return text.replace(/\n/g, "↵").replace(/\t/g, " ");
}

/** The slice of `value` shown in `width` cells so the cursor stays visible (cursor cell included). */
export function visibleWindow(state: TextState, width: number): { text: string; cursor: number } {
  const room = Math.max(1, width - 1);
  if (state.value.length <= room) return { text: state.value, cursor: state.cursor };
  const start = Math.max(0, Math.min(state.cursor - room + 1, state.value.length - room));
  const from = Math.min(start, state.cursor);
  return { text: state.value.slice(from, from + room), cursor: state.cursor - from };
}
