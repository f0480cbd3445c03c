/**
 * Turns Ink's input events into what the person did: single keys, in order, and whole pastes.
 *
 * Ink's input parser cuts events only at escape sequences: a run of plain bytes read at once
 * ("dbecause\r" from fast typing, type-ahead or tmux send-keys) is handed over as one event, as
 * if pasted, so its Enter and its approval letter would be lost in the text. hmux turns on
 * bracketed paste (ESC[?2004h, run-tui.tsx), so a real paste arrives between ESC[200~ and
 * ESC[201~ and is told apart; everything else is split into one key per character, each handled
 * as if typed on its own.
 */

export const PASTE_START = "\u001b[200~";
export const PASTE_END = "\u001b[201~";

/** One thing the person did: a key (its raw bytes, an escape sequence whole) or a paste (its text). */
export type InputUnit =
  | { readonly kind: "key"; readonly data: string }
  | { readonly kind: "paste"; readonly text: string };

/** One of Ink's input events outside a paste, as the keys it holds. An escape sequence is one key. */
export function splitKeyBurst(event: string): string[] {
  if (event.startsWith("\u001b")) return [event];
  return [...event];
}

/**
 * Reads Ink's events one after another and says what each completes. A paste may span several
 * events (Ink cuts at every escape inside it, and a long one spans reads); its text is held until
 * its end marker, then handed over whole, escape sequences inside it included as text.
 */
export class InputAssembler {
  private paste: string[] | null = null;

  /** True between a paste's start and end markers. */
  get pasting(): boolean {
    return this.paste !== null;
  }

  feed(event: string): InputUnit[] {
    if (this.paste !== null) {
      const end = event.indexOf(PASTE_END);
      if (end === -1) {
        this.paste.push(event);
        return [];
      }
      this.paste.push(event.slice(0, end));
      const text = this.paste.join("");
      this.paste = null;
      const rest = event.slice(end + PASTE_END.length);
      return [{ kind: "paste", text }, ...(rest === "" ? [] : this.feed(rest))];
    }
    const start = event.indexOf(PASTE_START);
    if (start !== -1) {
      const before = event.slice(0, start);
      this.paste = [];
      const keys = before === "" ? [] : this.keys(before);
      return [...keys, ...this.feed(event.slice(start + PASTE_START.length))];
    }
    return this.keys(event);
  }

  private keys(event: string): InputUnit[] {
    return splitKeyBurst(event).map((data) => ({ kind: "key", data }));
  }
}
