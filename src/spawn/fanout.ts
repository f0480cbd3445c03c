/** Shared plumbing for the spawners: chunk delivery and process-group signalling. */
import type { Signal } from "../core/exec/ports.js";

/**
 * Delivers chunks to listeners; chunks that arrive before the first listener is attached
 * are kept and replayed, so output produced right at start-up is never lost.
 */
export class ChunkFanout {
  private listeners: ((chunk: Uint8Array) => void)[] = [];
  private early: Uint8Array[] | undefined = [];

  emit(chunk: Uint8Array): void {
    if (this.early) {
      this.early.push(chunk);
      return;
    }
    for (const listener of this.listeners) listener(chunk);
  }

  listen(listener: (chunk: Uint8Array) => void): void {
    this.listeners.push(listener);
    const early = this.early;
    if (!early) return;
    this.early = undefined;
    for (const chunk of early) listener(chunk);
  }
}

/** Signal a whole process group; a group that is already gone is not an error. */
export function signalGroup(pid: number, signal: Signal): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      // Not a group leader after all (pty fallback): signal the process itself.
      process.kill(pid, signal);
    } catch {
      // ESRCH: nothing left to signal.
    }
  }
}
