/**
 * The stdout Ink is given, so that frames reach the terminal line-diffed: hmux's renderer, built
 * on Ink's public render options alone. Ink runs in debug mode, where each render writes the bare
 * frame (no clear, no cursor moves) in one write and then, in the same call, calls the onRender
 * option; the sink holds each string written until the end of the current task, and a string
 * claimed by frameWritten() in that time is the frame, handed to the LineDiffWriter. Every other
 * write (mode bytes from components: mouse reporting, bracketed paste, the cursor shown on unmount)
 * passes to the terminal unchanged and in order: a held string goes out before any later write.
 *
 * Pane bodies come from the BodyLayer (body-layer.ts): a frame goes out composed with them once
 * the task that rendered it is done (the bodies painted in that commit's layout effects), and a
 * body painted between frames writes only its changed rows, where they stand (Ink's frame the
 * same as the one last composed), or draws the last frame again with it.
 *
 * A resize redraws the whole screen from a frame drawn at the new size: frames rendered in the
 * RESIZE_SETTLE_MS after the last resize event (Ink's own at the old layout first, then the
 * app's) are held and only the last is written, in full, as is the frame after it: a frame of
 * the old width written to the narrower terminal would wrap and scroll, and a diff against it
 * would leave those rows behind (Ink #1023). A dragged window sends many resizes; this draws once.
 */

import { EventEmitter } from "node:events";
import type { Scheduler } from "../store/app-store.js";
import { BodyLayer } from "./body-layer.js";
import { LineDiffWriter } from "./line-diff-writer.js";

type WriteCallback = (err?: Error | null) => void;

/** How long after the last resize event frames are held: beyond a render or two, below what a person notices. */
export const RESIZE_SETTLE_MS = 40;

/** `Frame`: the published state the bodies' feeds draw from (body-layer.ts). */
export class FrameSink<Frame = unknown> extends EventEmitter {
  /** The last string written, not yet known to be a frame or not (see frameWritten). */
  private pending: { readonly data: string; readonly done: WriteCallback | undefined } | null = null;
  private resizing = false;
  /** Ink's last frame, its rows split; null before the first. */
  private inkFrame: string[] | null = null;
  private inkData: string | null = null;
  /** The screen was not composed from inkFrame yet: the next draw is a whole one. */
  private inkChanged = true;
  /** A draw of inkFrame with the bodies is due at the end of this task. */
  private due = false;
  /** Cancels the pending settle timer; null while none is pending. */
  private settle: (() => void) | null = null;
  private readonly writer: LineDiffWriter;
  readonly bodies = new BodyLayer<Frame>();

  constructor(
    private readonly terminal: NodeJS.WriteStream,
    private readonly scheduler: Pick<Scheduler, "after">,
    /** Called for each update written to the terminal: an Ink frame or bodies drawn without one. */
    onScreenUpdate?: () => void,
  ) {
    super();
    this.writer = new LineDiffWriter(terminal, () => terminal.rows || 24, onScreenUpdate);
    this.bodies.onChange = this.drawSoon;
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
    // Ink writes a frame on every render; one like the last leaves the bodies' rows where they are.
    if (frame.data !== this.inkData) {
      this.inkData = frame.data;
      this.inkFrame = frame.data.split("\n");
      this.inkChanged = true;
    }
    this.drawSoon();
    frame.done?.();
  }

  /** Draws the last frame with the bodies at the end of this task (once, however often asked). */
  private readonly drawSoon = (): void => {
    if (this.due) return;
    this.due = true;
    queueMicrotask(this.drawDue);
  };

  private readonly drawDue = (): void => {
    if (!this.due) return;
    this.due = false;
    if (this.resizing || this.inkFrame === null) return;
    if (!this.inkChanged) {
      const painted = this.bodies.takePatches();
      if (painted !== null) {
        if (painted.patches.length === 0) return;
        if (this.writer.patch(painted.patches, this.bodies.recompose(this.inkFrame, painted.rows))) return;
      }
    }
    this.composeAll();
  };

  private composeAll(): void {
    if (this.inkFrame === null) return;
    this.inkChanged = false;
    this.writer.frame(this.bodies.compose(this.inkFrame));
  }

  write(data: string | Uint8Array, encoding?: BufferEncoding | WriteCallback, cb?: WriteCallback): boolean {
    const done = typeof encoding === "function" ? encoding : cb;
    this.passPending();
    // A frame due goes out before whatever is written after it.
    this.drawDue();
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
    this.drawDue();
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
    this.writer.invalidate();
    this.composeAll();
    // The last frame may still be of the old layout if the app had not re-rendered yet.
    this.writer.invalidate();
    this.inkChanged = true;
  };
}
