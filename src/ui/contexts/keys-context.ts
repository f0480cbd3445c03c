/** The active keymap and its lookup index, plus the gate that tells the input line a key was hmux's. */
import { createContext } from "react";
import { indexKeymap, type KeyIndex } from "../keys/dispatch.js";
import { DEFAULT_KEYMAP, type Keymap } from "../keys/keymap.js";

export interface KeyGate {
  /** True while the current key event was consumed by hmux; the input line ignores it. */
  consumed: boolean;
}

/** The raw bytes of the key being handled (escape sequence included), for keys Ink reports without a name. */
export interface RawInput {
  current: string;
}

/**
 * Keys of one read held back while what they are for mounts: a key that opens a dialog holds the
 * rest of its burst until the dialog listens (it releases them), so none falls between the two.
 */
export interface KeyFlow {
  held: boolean;
  /** Hands the held keys on, in order (the TerminalInput Ink reads, input/terminal-input.ts). */
  release: () => void;
}

export interface KeysValue {
  readonly keymap: Keymap;
  readonly index: KeyIndex;
  readonly gate: KeyGate;
  readonly raw: RawInput;
  readonly flow: KeyFlow;
  /** Whether the mouse wheel scrolls panes (the help overlay says so). */
  readonly mouse?: boolean;
}

export const KeysContext = createContext<KeysValue>({
  keymap: DEFAULT_KEYMAP,
  index: indexKeymap(DEFAULT_KEYMAP),
  gate: { consumed: false },
  raw: { current: "" },
  flow: { held: false, release: () => undefined },
});
