/**
 * Wheel scrolling of the pane under the pointer (when `ui.mouse` / `--mouse` is on).
 *
 * Why the hook sits on Ink's raw input events and not in a useInput handler: Ink 6.8 turns an
 * SGR report like `ESC [ < 64;10;5 M` into one event whose useInput `input` is the text
 * `[<64;10;5M` (ESC stripped, no key flags) — indistinguishable from typed text, and delivered
 * to every useInput handler, the text inputs included. So reports are taken out of the raw
 * event stream (the emitter Ink exposes through useStdin) before any handler sees it; what is
 * left of an event goes on unchanged.
 */

import { useStdin } from "ink";
import { useEffect } from "react";
import { MouseInputFilter, WHEEL_ROWS, type WheelReport } from "../keys/mouse.js";
import { isNativePort } from "../native/native-port.js";
import type { AppStore } from "../store/app-store.js";
import { focusedView, paneAt, type UiState } from "../store/ui-state.js";
import { useStore } from "./use-store.js";

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

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

export function useMouseWheel(enabled: boolean): void {
  const store = useStore();
  const { internal_eventEmitter: emitter } = useStdin();
  useEffect(() => {
    if (!enabled || !emitter) return undefined;
    const filter = new MouseInputFilter();
    const original = emitter.emit as Emit;
    const filtered: Emit = function (this: unknown, event, ...args) {
      const data = args[0];
      if (event !== "input" || typeof data !== "string") return original.call(this, event, ...args);
      const { reports, rest } = filter.feed(data, Date.now());
      for (const r of reports) if (r.kind === "wheel") scrollUnderPointer(store, r);
      return rest === null ? true : original.call(this, event, rest);
    };
    emitter.emit = filtered as typeof emitter.emit;
    return () => {
      if (emitter.emit === filtered) emitter.emit = original as typeof emitter.emit;
    };
  }, [enabled, emitter, store]);
}
