/**
 * A session's last events, kept for clients that attach later: at most `capacity`, the oldest
 * dropped first, each with when it was emitted. A ring: dropping the oldest is O(1), where the
 * array it replaces moved all 10,000 kept events down by one for every event a full session
 * emitted. (Kept as their JSON text instead, 8 sessions of 10,000 events took 13.4 MB of heap
 * against 14.4 MB as objects: not worth a second JSON.stringify of every event.)
 */
import type { SessionEvent } from "../core/control/types.js";

export class KeptEvents {
  private readonly events: SessionEvent[] = [];
  private readonly at: number[] = [];
  /** Where the oldest kept event is, once the ring is full. */
  private head = 0;

  constructor(private readonly capacity: number) {}

  get length(): number {
    return this.events.length;
  }

  push(event: SessionEvent, at: number): void {
    if (this.events.length < this.capacity) {
      this.events.push(event);
      this.at.push(at);
      return;
    }
    this.events[this.head] = event;
    this.at[this.head] = at;
    this.head = (this.head + 1) % this.capacity;
  }

  /** The `count` newest events, oldest first, each with its time. */
  newest(count: number): { readonly events: SessionEvent[]; readonly times: number[] } {
    const n = Math.min(count, this.events.length);
    const events: SessionEvent[] = new Array(n);
    const times: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const slot = this.slot(this.events.length - n + i);
      events[i] = this.events[slot]!;
      times[i] = this.at[slot]!;
    }
    return { events, times };
  }

  /** At most `count` events from the `start`-th kept one (0 the oldest), oldest first, each with its time. */
  slice(start: number, count: number): { readonly events: SessionEvent[]; readonly times: number[] } {
    const n = Math.max(0, Math.min(count, this.events.length - start));
    const events: SessionEvent[] = new Array(n);
    const times: number[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const slot = this.slot(start + i);
      events[i] = this.events[slot]!;
      times[i] = this.at[slot]!;
    }
    return { events, times };
  }

  /** The newest event that `match` holds for, looking back from the newest. */
  findLast(match: (event: SessionEvent) => boolean): SessionEvent | undefined {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const event = this.events[this.slot(i)]!;
      if (match(event)) return event;
    }
    return undefined;
  }

  /** The i-th kept event's place in the ring, 0 the oldest. */
  private slot(i: number): number {
    return (this.head + i) % this.events.length;
  }
}
