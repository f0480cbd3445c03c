import type { Clock } from "../core/exec/ports.js";

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
