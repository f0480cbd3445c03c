/**
 * The stdout Ink is given, so that frames reach the terminal line-diffed: hmux's renderer, built
 * on Ink's public render options alone. Ink runs in debug mode, where each render writes the bare
 * frame (no clear, no cursor moves) in one write and then, in the same call, calls the onRender
 * option; the sink holds each string written until the end of the current task, and a string
 * claimed by frameWritten() in that time is the frame, handed to the LineDiffWriter. Every other
 * write (mode bytes from components: mouse reporting, bracketed paste, the cursor shown on unmount)
 * passes to the terminal unchanged and in order: a held string goes out before any later write.
 *
 * A resize redraws the whole screen from a frame drawn at the new size: frames rendered in the
 * RESIZE_SETTLE_MS after the last resize event (Ink's own at the old layout first, then the
 * app's) are held and only the last is written, in full, as is the frame after it: a frame of
 * the old width written to the narrower terminal would wrap and scroll, and a diff against it
 * would leave those rows behind (Ink #1023). A dragged window sends many resizes; this draws once.
 */

import { EventEmitter } from "node:events";
import type { Scheduler } from "../store/app-store.js";
import { LineDiffWriter } from "./line-diff-writer.js";

type WriteCallback = (err?: Error | null) => void;

/** How long after the last resize event frames are held: beyond a render or two, below what a person notices. */
export const RESIZE_SETTLE_MS = 40;

export class FrameSink extends EventEmitter {
  /** The last string written, not yet known to be a frame or not (see frameWritten). */
  private pending: { readonly data: string; readonly done: WriteCallback | undefined } | null = null;
  private resizing = false;
  private held: string | null = null;
  /** Cancels the pending settle timer; null while none is pending. */
  private settle: (() => void) | null = null;
  private readonly writer: LineDiffWriter;

  constructor(
    private readonly terminal: NodeJS.WriteStream,
    private readonly scheduler: Pick<Scheduler, "after">,
  ) {
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

  /** Ink has just written a frame (its onRender option was called): the string held is that frame. */
  frameWritten(): void {
    const frame = this.pending;
    if (frame === null) return;
    this.pending = null;
    if (this.resizing) this.held = frame.data;
    else this.writer.frame(frame.data);
    frame.done?.();
  }

  write(data: string | Uint8Array, encoding?: BufferEncoding | WriteCallback, cb?: WriteCallback): boolean {
    const done = typeof encoding === "function" ? encoding : cb;
    this.passPending();
    if (typeof data === "string") {
      this.pending = { data, done };
      queueMicrotask(this.passPending);
      return true;
    }
    return done ? this.terminal.write(data, done) : this.terminal.write(data);
  }

  /** A held string no frame claimed goes to the terminal as written. */
  private readonly passPending = (): void => {
    const write = this.pending;
    if (write === null) return;
    this.pending = null;
    if (write.done) this.terminal.write(write.data, write.done);
    else this.terminal.write(write.data);
  };

  /** Stops following the terminal and shows the cursor again. */
  dispose(): void {
    this.passPending();
    this.terminal.off("resize", this.onResize);
    this.settle?.();
    this.settle = null;
    this.resizing = false;
    this.writer.release();
  }

  private readonly onResize = (): void => {
    this.writer.invalidate();
    this.resizing = true;
    this.emit("resize");
    this.settle?.();
    this.settle = this.scheduler.after(RESIZE_SETTLE_MS, this.settled);
  };

  private readonly settled = (): void => {
    this.settle = null;
    this.resizing = false;
    const frame = this.held;
    this.held = null;
    this.writer.invalidate();
    if (frame !== null) this.writer.frame(frame);
    // The held frame may still be of the old layout if the app had not re-rendered yet.
    this.writer.invalidate();
  };
}
