import type { BlockingClock, Clock } from "../core/exec/ports.js";

/** The real clock: wall time and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms, options) => {
    const timer = setTimeout(fn, ms);
    if (options?.background) timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The real blocking clock: wall time and a sleep that holds the thread (Atomics.wait on a private cell). */
export const systemBlockingClock: BlockingClock = {
  now: () => Date.now(),
  sleepSync: (ms) => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  },
};
