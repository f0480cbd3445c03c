import type { Scheduler } from "../ui/store/app-store.js";

/** The real scheduler of the TUI: wall time and timers that never keep the process alive. */
export const systemScheduler: Scheduler = {
  now: () => Date.now(),
  every: (ms, fn) => {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
  after: (ms, fn) => {
    const t = setTimeout(fn, ms);
    t.unref();
    return () => clearTimeout(t);
  },
};
