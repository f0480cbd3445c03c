/**
 * The stdout Ink is given, so that frames reach the terminal line-diffed. Ink runs in debug
 * mode, where each render calls the onRender option and then writes the bare frame (no clear,
 * no cursor moves); the sink is told of the call (expectFrame) and hands that one write to the
 * LineDiffWriter. Every other write (mode bytes from components: mouse reporting, bracketed
 * paste, the cursor shown on unmount) passes to the terminal unchanged.
 *
 * A resize redraws the whole screen from the frame drawn at the new size: frames rendered
 * while the resize event is handled (Ink's own at the old layout, then the store's) are held
 * and only the last is written, so no row of the old width is left behind on a shrink.
 */

import { EventEmitter } from "node:events";
import { LineDiffWriter } from "./line-diff-writer.js";

type WriteCallback = (err?: Error | null) => void;

export class FrameSink extends EventEmitter {
  private frameNext = false;
  private resizing = false;
  private held: string | null = null;
  private readonly writer: LineDiffWriter;

  constructor(private readonly terminal: NodeJS.WriteStream) {
    super();
    this.writer = new LineDiffWriter(terminal, () => terminal.rows || 24);
    terminal.on("resize", this.onResize);
  }

  get columns(): number {
    return this.terminal.columns;
  }
  get rows(): number {
    return this.terminal.rows;
  }
  get isTTY(): boolean {
    return this.terminal.isTTY === true;
  }
  get writable(): boolean {
    return this.terminal.writable ?? true;
  }
  get writableEnded(): boolean {
    return this.terminal.writableEnded === true;
  }
  get destroyed(): boolean {
    return this.terminal.destroyed === true;
  }

  /** Ink is about to write a frame (its onRender option was called). */
  expectFrame(): void {
    this.frameNext = true;
  }

  write(data: string | Uint8Array, encoding?: BufferEncoding | WriteCallback, cb?: WriteCallback): boolean {
    const done = typeof encoding === "function" ? encoding : cb;
    if (this.frameNext && typeof data === "string") {
      this.frameNext = false;
      if (this.resizing) this.held = data;
      else this.writer.frame(data);
      done?.();
      return true;
    }
    return done ? this.terminal.write(data, done) : this.terminal.write(data);
  }

  /** Stops following the terminal and shows the cursor again. */
  dispose(): void {
    this.terminal.off("resize", this.onResize);
    this.writer.release();
  }

  private readonly onResize = (): void => {
    this.writer.invalidate();
    this.resizing = true;
    this.held = null;
    try {
      this.emit("resize");
    } finally {
      this.resizing = false;
    }
    const frame = this.held;
    this.held = null;
    if (frame !== null) this.writer.frame(frame);
  };
}
