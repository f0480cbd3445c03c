/**
 * A single-consumer queue bridging callback producers (pipe chunks, timers, exit) to an
 * async iterator. `close()` lets the consumer drain what is queued, then ends it.
 */
export class EventQueue<T> {
  private items: T[] = [];
  private head = 0;
  private closed = false;
  private wake: (() => void) | undefined;

  push(...items: T[]): void {
    if (this.closed || items.length === 0) return;
    this.items.push(...items);
    this.signal();
  }

  close(): void {
    this.closed = true;
    this.signal();
  }

  /** Items queued and not yet taken. */
  get size(): number {
    return this.items.length - this.head;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** The next item, or undefined once closed and drained. */
  async next(): Promise<T | undefined> {
    for (;;) {
      if (this.head < this.items.length) {
        const item = this.items[this.head++] as T;
        if (this.head > 1024 && this.head * 2 > this.items.length) {
          this.items = this.items.slice(this.head);
          this.head = 0;
        }
        return item;
      }
      if (this.closed) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  private signal(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
