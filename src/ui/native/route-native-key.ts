/**
 * Keys while a native pane is focused. Typing mode: every key becomes terminal bytes for
 * the pane, except the escape chord (Ctrl-]), which always hands the keyboard back to hmux.
 * hmux mode: Enter or the chord goes back to typing, PgUp/PgDn scroll the pane's history,
 * and everything else is left to hmux's own bindings. Returns whether the key was used.
 * Which mode holds is view state (UiState.typingInto), changed only by the update function.
 */
import type { Key } from "ink";
import { isEscapeChord, keyToBytes, pasteBytes } from "../../native/keys.js";
import type { AppStore } from "../store/app-store.js";
import { focusedKey } from "../store/ui-state.js";
import { isNativePort } from "./native-port.js";

export function routeNativeKey(store: AppStore, input: string, key: Key): boolean {
  if (store.state.overlay) return false;
  const port = store.focusedPort();
  if (!isNativePort(port)) return false;
  const terminal = port.terminal;
  if (store.state.typingInto === focusedKey(store.state)) {
    if (isEscapeChord(input, key)) {
      store.dispatch({ kind: "native-keys", to: "hmux" });
      return true;
    }
    const bytes = keyToBytes(input, key, terminal.modes());
    if (bytes !== null) port.input(bytes);
    return true;
  }
  if ((key.return || isEscapeChord(input, key)) && !terminal.exit) {
    store.dispatch({ kind: "native-keys", to: "pane" });
    return true;
  }
  if (key.pageUp || key.pageDown) {
    terminal.scroll(key.pageUp ? -1 : 1);
    return true;
  }
  return false;
}

/**
 * A paste while typing into a focused native pane: passed on as a paste, between the
 * bracketed-paste markers only when the pane's program turned bracketed paste on.
 */
export function routeNativePaste(store: AppStore, text: string): boolean {
  if (store.state.overlay) return false;
  const port = store.focusedPort();
  if (!isNativePort(port)) return false;
  if (store.state.typingInto !== focusedKey(store.state)) return true;
  port.input(pasteBytes(text, port.terminal.modes()));
  return true;
}
