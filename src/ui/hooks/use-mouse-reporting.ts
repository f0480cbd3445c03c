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
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "../keys/mouse.js";
import { focusedKey, type UiState } from "../store/ui-state.js";
import { useFrame } from "./use-frame.js";

export type TerminalWrite = (data: string) => void;

function nativeTyping(state: UiState): boolean {
  return state.overlay === null && state.typingInto !== null;
}

export function useMouseReporting(enabled: boolean, write?: TerminalWrite): void {
  const state = useFrame();
  const { stdout } = useStdout();
  const active = enabled && !nativeTyping(state);
  const focus = focusedKey(state);
  const zoom = state.zoom;
  const panes = state.panes.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus, zoom and panes are triggers, not inputs: each change must turn reporting off and on again (see above).
  useEffect(() => {
    if (!active) return undefined;
    const out: TerminalWrite = write ?? ((data) => void stdout.write(data));
    out(MOUSE_REPORTING_ON);
    return () => out(MOUSE_REPORTING_OFF);
  }, [active, focus, zoom, panes, stdout, write]);
}
