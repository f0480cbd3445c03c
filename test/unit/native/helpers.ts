import type { Terminal } from "@xterm/headless";
import * as xterm from "@xterm/headless";

type XtermModule = { Terminal?: typeof Terminal; default?: { Terminal: typeof Terminal } };
const TerminalClass = (xterm as XtermModule).Terminal ?? (xterm as XtermModule).default!.Terminal;

export function makeTerminal(cols = 20, rows = 4, scrollback = 100): Terminal {
  return new TerminalClass({ cols, rows, scrollback, allowProposedApi: true });
}

export function feed(terminal: Terminal, data: string): Promise<void> {
  return new Promise((resolve) => terminal.write(data, resolve));
}
