/**
 * A clock a test moves by hand: `now()` is `time`, and a timer fires only when `advance` passes its
 * deadline, so nothing in a unit test waits on real time. Setting `time` directly moves the wall
 * clock without firing anything (a clock that jumps). With `zeroDelayAtOnce`, a 0 ms timer ("as soon
 * as possible", as a stop's SIGTERM is) runs on the next microtask instead of waiting for `advance`.
 */
import type { Clock } from "../../src/core/exec/ports.js";

export class FakeClock implements Clock {
  private seq = 0;
  readonly timers = new Map<number, { at: number; fn: () => void }>();
  constructor(
    public time = 0,
    private readonly options: { readonly zeroDelayAtOnce?: boolean } = {},
  ) {}
  now(): number {
    return this.time;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fn });
    if (ms <= 0 && this.options.zeroDelayAtOnce)
      queueMicrotask(() => {
        if (this.timers.delete(id)) fn();
      });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  /** Move time forward, firing due timers in order. */
  advance(ms: number): void {
    const target = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].fn();
    }
    this.time = target;
  }
}
