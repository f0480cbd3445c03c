/**
 * Splits a burst of keys that arrived in one read into one event per key.
 *
 * Ink's input parser cuts events only at escape sequences: a run of plain bytes is handed over
 * whole, as if pasted. Three Backspaces pressed quickly arrive as "\x7f\x7f\x7f", which Ink's
 * keypress parser does not recognise as Backspace, so ink-text-input inserted the bytes as text
 * (invisible, shifting the border). Every control byte is a key of its own; a run of printable
 * text stays one event, so a paste is still inserted as it was. Enter and newlines stay inside
 * such a run: without bracketed paste a pasted line break cannot be told from a typed Enter, and
 * splitting it would send half of a multi-line paste.
 */

/** C0 controls other than Tab, LF and CR, and DEL: each is a key of its own. */
function isKeyByte(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (code < 0x20 && ch !== "\t" && ch !== "\n" && ch !== "\r") || code === 0x7f;
}

/** One of Ink's input events, as the keys it holds. An escape sequence is passed on whole. */
export function splitKeyBurst(event: string): string[] {
  if (event.length <= 1 || event.startsWith("\u001b")) return [event];
  const out: string[] = [];
  let run = "";
  for (const ch of event) {
    if (isKeyByte(ch)) {
      if (run !== "") out.push(run);
      run = "";
      out.push(ch);
    } else {
      run += ch;
    }
  }
  if (run !== "") out.push(run);
  return out;
}
