import type { PtyExit, PtyFactory, PtyProcess } from "../../../src/core/exec/pty-port.js";

/** A scripted pty: records writes and resizes, emits what the test says. */
export class FakePty implements PtyProcess {
  readonly pid = 0;
  readonly written: string[] = [];
  readonly sizes: Array<[number, number]> = [];
  readonly signals: string[] = [];
  paused = false;
  pauses = 0;
  private data?: (chunk: Uint8Array) => void;
  private exit?: (exit: PtyExit) => void;
  onData(listener: (chunk: Uint8Array) => void): void {
    this.data = listener;
  }
  onExit(listener: (exit: PtyExit) => void): void {
    this.exit = listener;
  }
  write(data: string): void {
    this.written.push(data);
  }
  resize(cols: number, rows: number): void {
    this.sizes.push([cols, rows]);
  }
  pause(): void {
    this.paused = true;
    this.pauses++;
  }
  resume(): void {
    this.paused = false;
  }
  kill(signal: string): void {
    this.signals.push(signal);
    this.end({ code: null, signal: 1 });
  }
  emit(text: string | Uint8Array): void {
    this.data?.(typeof text === "string" ? new TextEncoder().encode(text) : text);
  }
  end(exit: PtyExit): void {
    this.exit?.(exit);
  }
}

export function fakeFactory(): { factory: PtyFactory; pty: () => FakePty } {
  let last: FakePty | undefined;
  return {
    factory: () => (last = new FakePty()),
    pty: () => last!,
  };
}
