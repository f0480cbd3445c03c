/**
 * ink-testing-library's render, but through hmux's renderTui: the terminal is a fake TTY whose
 * writes are reads, so a test's keys pass hmux's input stream (one key per read, held keys,
 * reports taken out) exactly as the terminal's do. Frames are Ink's debug frames, whole.
 */
import { EventEmitter } from "node:events";
import type { ReactNode } from "react";
import { renderTui } from "../../src/ui/render-tui.js";
import type { Scheduler } from "../../src/ui/store/app-store.js";

/** A terminal's input: each write is one read, as the terminal delivers what arrived at once. */
export class FakeTerminal extends EventEmitter {
  readonly isTTY = true;
  private readonly reads: string[] = [];
  write(data: string): void {
    this.reads.push(data);
    this.emit("readable");
  }
  read(): string | null {
    return this.reads.shift() ?? null;
  }
  setEncoding(): void {}
  setRawMode(): void {}
  ref(): void {}
  unref(): void {}
}

class FakeScreen extends EventEmitter {
  readonly columns = 100;
  readonly frames: string[] = [];
  write = (frame: string): boolean => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = (): string | undefined => this.frames.at(-1);
}

export interface RenderedTui {
  readonly stdin: FakeTerminal;
  readonly frames: readonly string[];
  lastFrame(): string | undefined;
  rerender(tree: ReactNode): void;
  unmount(): void;
}

export function renderTuiForTest(
  tree: ReactNode,
  options: { readonly scheduler: Pick<Scheduler, "after"> },
): RenderedTui {
  const stdin = new FakeTerminal();
  const stdout = new FakeScreen();
  const stderr = new FakeScreen();
  const instance = renderTui(tree, {
    stdin,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
    scheduler: options.scheduler,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    stdin,
    frames: stdout.frames,
    lastFrame: stdout.lastFrame,
    rerender: (next) => instance.rerender(next),
    unmount: () => instance.unmount(),
  };
}
