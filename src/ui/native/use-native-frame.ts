/** The latest published frame of a native terminal; re-renders only its pane, at its cadence. */
import { useCallback, useSyncExternalStore } from "react";
import type { NativeTerminal } from "../../native/native-terminal.js";
import type { TerminalSnapshot } from "../../native/snapshot.js";

export function useNativeFrame(terminal: NativeTerminal): TerminalSnapshot {
  const subscribe = useCallback((onChange: () => void) => terminal.onFrame(onChange), [terminal]);
  const get = useCallback(() => terminal.snapshot(), [terminal]);
  return useSyncExternalStore(subscribe, get, get);
}
