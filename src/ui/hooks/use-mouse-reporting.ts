/**
 * Turns the terminal's SGR mouse reporting on while the TUI runs with the wheel enabled, and
 * off when it unmounts. While a focused native pane takes the keyboard (typing mode) reporting
 * is off, so that pane's input is the terminal's own, as without --mouse.
 *
 * Reporting is switched off and on again whenever focus, zoom or the pane count changes: a
 * native pane losing focus resets on the real terminal every mode its UI had on (mouse
 * included), and this effect runs after that reset within the same React commit.
 */

import { useStdout } from "ink";
import { useEffect } from "react";
import { isNativePort } from "../../native/native-port.js";
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "../keys/mouse.js";
import type { AppStore } from "../store/app-store.js";
import { useStore } from "./use-store.js";
import { useStoreVersion } from "./use-store-version.js";

export type TerminalWrite = (data: string) => void;

function nativeTyping(store: AppStore): boolean {
  const port = store.focusedPort();
  return store.overlay === null && isNativePort(port) && port.capturing;
}

export function useMouseReporting(enabled: boolean, write?: TerminalWrite): void {
  const store = useStore();
  useStoreVersion();
  const { stdout } = useStdout();
  const active = enabled && !nativeTyping(store);
  const _focusKey = store.focusedKey();
  const _zoom = store.zoom;
  const _panes = store.panes.length;
  useEffect(() => {
    if (!active) return undefined;
    const out: TerminalWrite = write ?? ((data) => void stdout.write(data));
    out(MOUSE_REPORTING_ON);
    return () => out(MOUSE_REPORTING_OFF);
  }, [active, stdout, write]);
}
