/**
 * The TerminalInput Ink reads the keys from: the stream render-tui.ts handed Ink, as Ink's
 * useStdin gives it back. A TUI mounted past renderTui would take a burst of keys as one, so it
 * stops at once instead.
 */
import { useStdin } from "ink";
import { HmuxError } from "../../core/hmux-error.js";
import { TerminalInput } from "../input/terminal-input.js";

export function useTerminalInput(): TerminalInput {
  const { stdin } = useStdin();
  if (stdin instanceof TerminalInput) return stdin;
  throw new HmuxError("internal", "the TUI was mounted without hmux's input stream (mount it with renderTui)");
}
