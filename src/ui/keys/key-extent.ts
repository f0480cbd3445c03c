/**
 * Where one key of a terminal read ends: a character, or an escape sequence whole, cut by the
 * grammar Ink's input parser reads (CSI `ESC [ … final`, with xterm's legacy `ESC [ [ A` and rxvt's
 * `ESC [ 2 $`; SS3 `ESC O … final`; Alt as a leading ESC; anything else after ESC is Alt with that
 * character). hmux hands Ink one key per read (input/terminal-input.ts), so the two must cut alike:
 * a unit Ink would split is two events in one read, a unit Ink would extend waits for the next.
 */

const ESC = 0x1b;

/** A sequence the text ends inside of: it runs to the end (Ink waits for the rest). */
const OPEN = -1;
/** Not a CSI or SS3 sequence after all: the ESC is Alt with the character after it. */
const NOT_CONTROL = -2;

const isFinal = (code: number): boolean => code >= 0x40 && code <= 0x7e;
const isParameter = (code: number): boolean => code >= 0x30 && code <= 0x3f;
const isIntermediate = (code: number): boolean => code >= 0x20 && code <= 0x2f;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** The character at `at` (two UTF-16 units for one outside the BMP): where it ends. */
function characterEnd(text: string, at: number): number {
  const code = text.codePointAt(at);
  return at + (code !== undefined && code > 0xffff ? 2 : 1);
}

/** `ESC [` at `bracket - 1`: where its CSI sequence ends. */
function csiEnd(text: string, bracket: number): number {
  const payload = bracket + 1;
  for (let at = payload; at < text.length; at++) {
    const code = text.charCodeAt(at);
    // xterm's legacy function keys (ESC [ [ A is F1) repeat the bracket.
    if (code === 0x5b && at === payload) continue;
    // rxvt's shifted editing keys end in $ (ESC [ 2 $), otherwise an intermediate byte.
    if (code === 0x24 && at === payload + 1 && "235678".includes(text[payload]!)) return at + 1;
    if (isFinal(code)) return at + 1;
    if (!isParameter(code) && !isIntermediate(code)) return NOT_CONTROL;
  }
  return OPEN;
}

/** `ESC O` at `letter - 1`: where its SS3 sequence ends (digits and `;` may carry modifiers). */
function ss3End(text: string, letter: number): number {
  for (let at = letter + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (isFinal(code)) return at + 1;
    if (code !== 0x3b && !isDigit(code)) return NOT_CONTROL;
  }
  return OPEN;
}

/** The introducer at `at` (`[` or `O`): where its control sequence ends. */
function controlEnd(text: string, at: number): number {
  if (at >= text.length) return OPEN;
  if (text[at] === "[") return csiEnd(text, at);
  if (text[at] === "O") return ss3End(text, at);
  return NOT_CONTROL;
}

/** The ESC at `at`: where the key it starts ends. */
function escapeEnd(text: string, at: number): number {
  if (at + 1 >= text.length) return text.length;
  if (text.charCodeAt(at + 1) === ESC) {
    // Alt with an escape sequence (ESC ESC [ A), or Alt+Escape.
    if (at + 2 >= text.length) return text.length;
    const control = controlEnd(text, at + 2);
    if (control === OPEN) return text.length;
    return control === NOT_CONTROL ? at + 2 : control;
  }
  const control = controlEnd(text, at + 1);
  if (control === OPEN) return text.length;
  return control === NOT_CONTROL ? characterEnd(text, at + 1) : control;
}

/** Where the key that starts at `at` ends (exclusive). */
export function keyEnd(text: string, at: number): number {
  return text.charCodeAt(at) === ESC ? escapeEnd(text, at) : characterEnd(text, at);
}

/** A run of keys read at once, one key each. */
export function splitKeys(text: string): string[] {
  const keys: string[] = [];
  for (let at = 0; at < text.length; ) {
    const end = keyEnd(text, at);
    keys.push(text.slice(at, end));
    at = end;
  }
  return keys;
}
