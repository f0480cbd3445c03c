/** A terminal for the real TUI (runTui) in a unit test: Ink draws on `FakeTerminal`, reads no keys from `FakeKeys`. */
import { EventEmitter } from "node:events";

/** A fixed-size screen that keeps everything written to it. */
export class FakeTerminal extends EventEmitter {
  readonly isTTY = false;
  text = "";
  constructor(
    readonly columns = 80,
    readonly rows = 24,
  ) {
    super();
  }
  // Ink 8 waits for the callback of an empty write before its exit promise settles, as a real
  // stream calls it once the bytes are out; a terminal that never called it would hang every exit.
  write = (chunk: string, encoding?: BufferEncoding | (() => void), done?: () => void) => {
    this.text += chunk;
    const callback = typeof encoding === "function" ? encoding : done;
    if (callback) queueMicrotask(callback);
    return true;
  };
}

/** Keys for Ink: none are typed. */
export class FakeKeys extends EventEmitter {
  readonly isTTY = true;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => null;
}

/** The streams to hand runTui (through openTui's `extra`). */
export function fakeTty(columns?: number, rows?: number) {
  const terminal = new FakeTerminal(columns, rows);
  return {
    terminal,
    streams: {
      stdout: terminal as unknown as NodeJS.WriteStream,
      stdin: new FakeKeys() as unknown as NodeJS.ReadStream,
    },
  };
}
