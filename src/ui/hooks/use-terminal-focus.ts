/**
 * Turns the terminal's focus reporting on while the TUI runs and tells the store when the window
 * gains or loses focus. The reports are taken out of what Ink reads (as the mouse wheel's are,
 * use-mouse-wheel.ts), so they never reach a key handler or the input line.
 */
import { useStdin, useStdout } from "ink";
import { useEffect } from "react";
import { FOCUS_REPORTING_OFF, FOCUS_REPORTING_ON, takeFocusReport } from "../keys/focus-report.js";
import { useStore } from "./use-store.js";

type Read = (size?: number) => string | Buffer | null;

export function useTerminalFocus(enabled: boolean): void {
  const store = useStore();
  const { stdout } = useStdout();
  const stdin = useStdin().stdin as unknown as { read: Read };
  useEffect(() => {
    if (!enabled) return undefined;
    const original = stdin.read;
    const strip = (chunk: string): string | null => {
      let rest = "";
      for (const piece of chunk.split(/(?=\u001b)/)) {
        const taken = takeFocusReport(piece);
        if (taken.focus !== null) store.dispatch({ kind: "terminal-focus", focused: taken.focus });
        rest += taken.rest;
      }
      return rest === "" ? null : rest;
    };
    const filtered: Read = function (this: unknown, size) {
      for (;;) {
        const chunk = original.call(this, size);
        if (chunk === null) return null;
        const rest = strip(typeof chunk === "string" ? chunk : chunk.toString("utf8"));
        if (rest !== null) return rest;
      }
    };
    stdin.read = filtered;
    stdout.write(FOCUS_REPORTING_ON);
    return () => {
      stdout.write(FOCUS_REPORTING_OFF);
      if (stdin.read === filtered) stdin.read = original;
    };
  }, [enabled, stdin, stdout, store]);
}
