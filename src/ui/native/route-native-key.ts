/**
 * Keys while a native pane is focused. Typing mode: every key becomes terminal bytes for
 * the pane, except the escape chord (Ctrl-]), which always hands the keyboard back to hmux.
 * hmux mode: Enter or the chord goes back to typing, PgUp/PgDn scroll the pane's history,
 * and everything else is left to hmux's own bindings. Returns whether the key was used.
 */
import type { Key } from "ink";
import { ESCAPE_CHORD_LABEL, isEscapeChord, keyToBytes } from "../../native/keys.js";
import type { AppStore } from "../store/app-store.js";
import { isNativePort } from "./native-port.js";

export function routeNativeKey(store: AppStore, input: string, key: Key): boolean {
  if (store.state.overlay) return false;
  const port = store.focusedPort();
  if (!isNativePort(port)) return false;
  const terminal = port.terminal;
  if (port.capturing) {
    if (isEscapeChord(input, key)) {
      port.capturing = false;
      store.dispatch({
        kind: "flash",
        text: `hmux keys on ${port.info.label ?? port.kind}: Enter types into the pane again`,
        tone: "info",
      });
      return true;
    }
    const bytes = keyToBytes(input, key, terminal.modes());
    if (bytes !== null) port.input(bytes);
    return true;
  }
  if ((key.return || isEscapeChord(input, key)) && !terminal.exit) {
    port.capturing = true;
    store.dispatch({
      kind: "flash",
      text: `typing into ${port.info.label ?? port.kind}; ${ESCAPE_CHORD_LABEL} returns to hmux`,
      tone: "info",
    });
    return true;
  }
  if (key.pageUp || key.pageDown) {
    terminal.scroll(key.pageUp ? -1 : 1);
    return true;
  }
  return false;
}
