/**
 * Turns what the terminal sends into what the person did: single keys, in order, and whole pastes.
 *
 * Ink's input parser cuts a read only at escape sequences: a run of plain bytes read at once
 * ("dbecause\r" from fast typing, type-ahead or tmux send-keys) would be one event, as if
 * pasted, so its Enter and its approval letter would be lost in the text. hmux turns on
 * bracketed paste (ESC[?2004h, run-tui.tsx), so a real paste arrives between ESC[200~ and
 * ESC[201~ and is told apart; everything else is cut into keys (key-extent.ts), each handled
 * as if typed on its own.
 */

import { keyEnd } from "./key-extent.js";

export const PASTE_START = "\u001b[200~";
export const PASTE_END = "\u001b[201~";

/** One thing the person did: a key (its raw bytes, an escape sequence whole) or a paste (its text). */
export type InputUnit =
  | { readonly kind: "key"; readonly data: string }
  | { readonly kind: "paste"; readonly text: string };

/**
 * Reads the terminal's reads one after another and says what each completes. A paste may span
 * several reads (a long one always does, and its end marker may be cut in two); its text is held
 * until its end marker, then handed over whole, escape sequences inside it included as text.
 */
export class InputAssembler {
  /** The text of the paste being read; null outside one. */
  private paste: string | null = null;

  /** True between a paste's start and end markers. */
  get pasting(): boolean {
    return this.paste !== null;
  }

  feed(read: string): InputUnit[] {
    const units: InputUnit[] = [];
    let text = read;
    let at = 0;
    while (at < text.length) {
      if (this.paste !== null) {
        // The end marker may have begun in the read before: look from where it could start.
        const from = Math.max(0, this.paste.length - PASTE_END.length + 1);
        this.paste += at === 0 ? text : text.slice(at);
        const end = this.paste.indexOf(PASTE_END, from);
        if (end === -1) return units;
        units.push({ kind: "paste", text: this.paste.slice(0, end) });
        text = this.paste.slice(end + PASTE_END.length);
        at = 0;
        this.paste = null;
        continue;
      }
      const end = keyEnd(text, at);
      const data = text.slice(at, end);
      at = end;
      if (data === PASTE_START) this.paste = "";
      else units.push({ kind: "key", data });
    }
    return units;
  }
}
