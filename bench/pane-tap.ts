/**
 * What a tmux pane's program writes to its terminal, as it arrives, with the time it arrived: tmux's
 * pipe-pane copies the pane's output into a FIFO this process reads, so every chunk the hmux client
 * wrote is timestamped here (performance.now()) after it went through the real pty and tmux. Used by
 * end-to-end.ts for the frames a second (screen-frames.ts) and the key-to-echo latency (key-echo.ts).
 */
import { spawnSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { join } from "node:path";

export interface TapChunk {
  /** performance.now() when the chunk was read. */
  readonly at: number;
  readonly data: Buffer;
}

export interface PaneTap {
  readonly chunks: TapChunk[];
  /** Called with each chunk as it arrives (the key-echo probe listens here). */
  onChunk(listener: ((chunk: TapChunk) => void) | null): void;
  stop(): void;
}

/** Starts copying `target`'s output into a FIFO in `dir`; `tmux` runs a tmux command on the bench's server. */
export function tapPane(tmux: (...args: string[]) => string, target: string, dir: string): PaneTap {
  const fifo = join(dir, "pane-output.fifo");
  const made = spawnSync("mkfifo", ["-m", "600", fifo]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${String(made.stderr)}`);
  const chunks: TapChunk[] = [];
  let listener: ((chunk: TapChunk) => void) | null = null;
  // Opening a FIFO for reading waits for its writer, which pipe-pane starts next.
  const stream = createReadStream(fifo, { highWaterMark: 1 << 16 });
  stream.on("data", (data) => {
    const chunk = { at: performance.now(), data: data as Buffer };
    chunks.push(chunk);
    listener?.(chunk);
  });
  stream.on("error", () => {});
  tmux("pipe-pane", "-O", "-t", target, `exec cat > ${JSON.stringify(fifo)}`);
  return {
    chunks,
    onChunk: (l) => {
      listener = l;
    },
    stop: () => {
      tmux("pipe-pane", "-t", target);
      stream.destroy();
    },
  };
}
