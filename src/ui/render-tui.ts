/**
 * Ink's render with hmux's input stream in front of the terminal's: the TUI, its tests and the
 * bench all mount through here, so every one of them reads keys one at a time, holds them for a
 * dialog and takes the terminal's reports out the same way (input/terminal-input.ts).
 */
import { type Instance, type RenderOptions, render } from "ink";
import type { ReactNode } from "react";
import { TerminalInput, type TerminalSource } from "./input/terminal-input.js";
import type { Scheduler } from "./store/app-store.js";

export interface TuiRenderOptions extends Omit<RenderOptions, "stdin"> {
  /** The terminal's input (process.stdin); Ink reads it through a TerminalInput. */
  readonly stdin: TerminalSource;
  /** Times the hold on keys a dialog waits for. */
  readonly scheduler: Pick<Scheduler, "after">;
}

export function renderTui(tree: ReactNode, options: TuiRenderOptions): Instance {
  const { stdin, scheduler, ...rest } = options;
  const input = new TerminalInput(stdin, scheduler);
  // Ink's option is typed as a whole readable stream; it uses the part TerminalInput has.
  return render(tree, { ...rest, stdin: input as unknown as NodeJS.ReadableStream });
}
