/**
 * What the server holds of a native session besides its handle: the pty's byte side (keys in, raw
 * output out, the screen for a client that attaches). A NativeSession (src/native/native-session.ts)
 * is both; the hub forwards bytes through this side.
 */
import type { NativeSummary } from "../protocol/index.js";

/** A watch on a native session's output: the screen as it was, then every later chunk. */
export interface NativeWatch {
  /** The bytes that draw the screen, covering exactly the chunks the listener did not get. */
  readonly screen: Promise<{ readonly cols: number; readonly rows: number; readonly data: string }>;
  stop(): void;
}

export interface NativeChannel {
  /** The row's native part, as it is now. */
  summary(): NativeSummary;
  /** Keys for the pty (ignored once its process ended). */
  write(data: string): void;
  resize(cols: number, rows: number): void;
  /**
   * Starts sending every output chunk to `listener` and, in the same turn, asks for the screen:
   * chunks before this call are in the screen, chunks after it go to the listener.
   */
  watch(listener: (chunk: Uint8Array) => void): NativeWatch;
}
