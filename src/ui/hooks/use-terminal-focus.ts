/**
 * Turns the terminal's focus reporting on while the TUI runs and tells the store when the window
 * gains or loses focus. The reports are taken out of the keys hmux's input stream reads (as the
 * mouse wheel's are, use-mouse-wheel.ts), so they never reach a key handler or the input line.
 */
import { useStdout } from "ink";
import { useEffect } from "react";
import { FOCUS_REPORTING_OFF, FOCUS_REPORTING_ON, takeFocusReport } from "../keys/focus-report.js";
import { useStore } from "./use-store.js";
import { useTerminalInput } from "./use-terminal-input.js";

export function useTerminalFocus(enabled: boolean): void {
  const store = useStore();
  const { stdout } = useStdout();
  const input = useTerminalInput();
  useEffect(() => {
    if (!enabled) return undefined;
    const restore = input.takeReports((key) => {
      const taken = takeFocusReport(key);
      if (taken.focus !== null) store.dispatch({ kind: "terminal-focus", focused: taken.focus });
      return taken.rest;
    });
    stdout.write(FOCUS_REPORTING_ON);
    return () => {
      stdout.write(FOCUS_REPORTING_OFF);
      restore();
    };
  }, [enabled, input, stdout, store]);
}
