/**
 * Ink key events → the bytes a terminal would send for them, so a focused native pane
 * receives what the user typed. Ink's parser loses some distinctions (forward Delete and
 * Backspace both arrive as `delete`; F-keys arrive with no name) — those are documented
 * losses, sent as the common case (DEL 0x7f) or dropped.
 *
 * The escape chord: Ctrl-] (0x1d, the telnet/ssh-style escape). No harness binds it, it
 * has no printable meaning, and Ink passes it through untouched. In a focused native pane
 * it always returns control to hmux; it is never forwarded.
 */
import type { Key } from "ink";
import type { InputModes } from "./modes.js";

export const ESCAPE_CHORD = "\u001d";
export const ESCAPE_CHORD_LABEL = "Ctrl-]";

const PASTE_START = "\u001b[200~";
const PASTE_END = "\u001b[201~";

/** The subset of Ink's Key this module reads (tests build it by hand). */
export type KeyEvent = Pick<
  Key,
  | "upArrow"
  | "downArrow"
  | "leftArrow"
  | "rightArrow"
  | "pageUp"
  | "pageDown"
  | "home"
  | "end"
  | "return"
  | "escape"
  | "ctrl"
  | "shift"
  | "tab"
  | "backspace"
  | "delete"
  | "meta"
>;

export function isEscapeChord(input: string, key: Partial<KeyEvent>): boolean {
  return input === ESCAPE_CHORD || (key.ctrl === true && input === "]");
}

/** xterm's modifier parameter: 1 + shift + 2·alt + 4·ctrl. */
function modifierParam(key: Partial<KeyEvent>): number {
  return 1 + (key.shift ? 1 : 0) + (key.meta ? 2 : 0) + (key.ctrl ? 4 : 0);
}

function cursorKey(final: string, key: Partial<KeyEvent>, modes: Pick<InputModes, "applicationCursor">): string {
  const mod = modifierParam(key);
  if (mod > 1) return `\u001b[1;${mod}${final}`;
  return modes.applicationCursor ? `\u001bO${final}` : `\u001b[${final}`;
}

function tildeKey(code: number, key: Partial<KeyEvent>): string {
  const mod = modifierParam(key);
  return mod > 1 ? `\u001b[${code};${mod}~` : `\u001b[${code}~`;
}

function ctrlByte(ch: string): string | null {
  const c = ch.toLowerCase();
  if (c.length !== 1) return null;
  const code = c.charCodeAt(0);
  if (code >= 0x61 && code <= 0x7a) return String.fromCharCode(code - 0x60);
  const special: Record<string, string> = {
    " ": "\u0000",
    "`": "\u0000",
    "@": "\u0000",
    "2": "\u0000",
    "[": "\u001b",
    "3": "\u001b",
    "\\": "\u001c",
    "4": "\u001c",
    "]": "\u001d",
    "5": "\u001d",
    "^": "\u001e",
    "6": "\u001e",
    _: "\u001f",
    "-": "\u001f",
    "7": "\u001f",
    "/": "\u001f",
    "8": "\u007f",
    "?": "\u007f",
  };
  return special[c] ?? null;
}

/** Text arriving as one event (a paste): bracketed when the UI asked for it, newlines as CR. */
export function pasteBytes(text: string, modes: Pick<InputModes, "bracketedPaste">): string {
  const body = text.replace(/\r?\n/g, "\r");
  return modes.bracketedPaste ? `${PASTE_START}${body}${PASTE_END}` : body;
}

/**
 * The bytes for one Ink key event, or null when there is nothing to send (a key Ink could
 * not name). The escape chord is the caller's to intercept before calling this.
 */
export function keyToBytes(
  input: string,
  key: Partial<KeyEvent>,
  modes: Pick<InputModes, "applicationCursor" | "bracketedPaste">,
): string | null {
  if (key.upArrow) return cursorKey("A", key, modes);
  if (key.downArrow) return cursorKey("B", key, modes);
  if (key.rightArrow) return cursorKey("C", key, modes);
  if (key.leftArrow) return cursorKey("D", key, modes);
  if (key.home) return cursorKey("H", key, modes);
  if (key.end) return cursorKey("F", key, modes);
  if (key.pageUp) return tildeKey(5, key);
  if (key.pageDown) return tildeKey(6, key);
  if (key.return) return key.meta ? "\u001b\r" : "\r";
  if (key.tab) return key.shift ? "\u001b[Z" : "\t";
  if (key.backspace || key.delete) return key.meta ? "\u001b\u007f" : "\u007f";
  if (key.escape) return "\u001b";
  if (input === "") return null;
  if (key.ctrl) {
    const byte = ctrlByte(input);
    if (byte === null) return null;
    return key.meta ? `\u001b${byte}` : byte;
  }
  if (key.meta) return `\u001b${input}`;
  if ([...input].length > 1) return pasteBytes(input, modes);
  return input;
}
