/**
 * Wheel scrolling of the pane under the pointer (when `ui.mouse` / `--mouse` is on).
 *
 * Why the hook sits on the input stream and not in a useInput handler: Ink 8 drops an SGR report
 * like `ESC [ < 64;10;5 M` before any handler (a control sequence naming no key), and Ink 6.8
 * handed it over as typed text. So reports are taken out of the keys hmux's input stream reads
 * from the terminal, before Ink sees them (input/terminal-input.ts).
 */

import { useEffect } from "react";
import { MouseInputFilter, WHEEL_ROWS, type WheelReport } from "../keys/mouse.js";
import { isNativePort } from "../native/native-port.js";
import type { AppStore } from "../store/app-store.js";
import { focusedView, paneAt, type UiState } from "../store/ui-state.js";
import { useStore } from "./use-store.js";
import { useTerminalInput } from "./use-terminal-input.js";

/** The rail's row above the panes (SGR rows are 1-based terminal rows). */
const RAIL_ROWS = 1;

/** Whether the grid is on screen (MainArea's choice): under a covering overlay the wheel does nothing. */
function gridVisible(state: UiState): boolean {
  const overlay = state.overlay;
  if (overlay === null || overlay.kind === "inspector") return true;
  // A confirmation sits under the grid, which stays on screen.
  if (overlay.kind === "quit" || overlay.kind === "halt-all") return true;
  if (overlay.kind === "approval-full") return focusedView(state)?.approvals[0] === undefined;
  return false;
}

export function scrollUnderPointer(store: AppStore, wheel: WheelReport): void {
  const state = store.state;
  if (!gridVisible(state)) return;
  const index = paneAt(state, wheel.column - 1, wheel.row - 1 - RAIL_ROWS);
  if (index === null) return;
  const key = state.panes[index];
  // A native pane keeps its own screen and history (PgUp/PgDn while it is focused).
  if (isNativePort(key === undefined ? undefined : store.ports.get(key))) return;
  store.dispatch({ kind: "scroll-rows", index, rows: wheel.direction === "up" ? -WHEEL_ROWS : WHEEL_ROWS });
}

export function useMouseWheel(enabled: boolean): void {
  const store = useStore();
  const input = useTerminalInput();
  useEffect(() => {
    if (!enabled) return undefined;
    const filter = new MouseInputFilter();
    return input.takeReports((key) => {
      const taken = filter.feed(key, store.scheduler.now());
      for (const r of taken.reports) if (r.kind === "wheel") scrollUnderPointer(store, r);
      return taken.rest ?? "";
    });
  }, [enabled, input, store]);
}
