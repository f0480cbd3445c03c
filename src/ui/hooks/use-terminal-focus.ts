/**
 * Turns the terminal's focus reporting on while the TUI runs and tells the store when the window
 * gains or loses focus. The reports are taken out of what Ink reads (as the mouse wheel's are,
 * use-mouse-wheel.ts), so they never reach a key handler or the input line.
 */
import { useStdin, useStdout } from "ink";
import { useEffect } from "react";
import { FOCUS_REPORTING_OFF, FOCUS_REPORTING_ON, takeFocusReport } from "../keys/focus-report.js";
import { filterStdinReads, type Read } from "./stdin-reads.js";
import { useStore } from "./use-store.js";

export function useTerminalFocus(enabled: boolean): void {
  const store = useStore();
  const { stdout } = useStdout();
  const stdin = useStdin().stdin as unknown as { read: Read };
  useEffect(() => {
    if (!enabled) return undefined;
    const restore = filterStdinReads(stdin, (piece) => {
      const taken = takeFocusReport(piece);
      if (taken.focus !== null) store.dispatch({ kind: "terminal-focus", focused: taken.focus });
      return taken.rest;
    });
    stdout.write(FOCUS_REPORTING_ON);
    return () => {
      stdout.write(FOCUS_REPORTING_OFF);
      restore();
    };
  }, [enabled, stdin, stdout, store]);
}
