/**
 * A profiling aid, not the soak's figure (that is soak.bench.ts, whole processes): the TUI alone,
 * in this process under tsx with a fake terminal, 8 synthetic panes streaming until each has sent
 * at least 100k events (the rate rises for short runs), printing RSS and JS heap after warm-up,
 * every few minutes and at the end, so `node --inspect` or a heap snapshot sees the TUI's own
 * objects. `tsx bench/in-process-soak.ts --minutes 3`. Numbers are printed, never asserted.
 */
import { readFileSync } from "node:fs";
import { systemScheduler } from "../src/main/system-scheduler.js";
import { fakeTerminal } from "./tui.bench.js";

const PANES = 8;
const EVENTS_PER_PANE = 100_000;

function flag(name: string, fallback: number): number {
  const args = process.argv;
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return fallback;
  const value = args[at]!.includes("=") ? args[at]!.split("=")[1] : args[at + 1];
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} wants a positive number, not ${value}`);
  return n;
}

const load = (): string => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(0)} MB`;

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const minutes = flag("minutes", 30);
  const seconds = minutes * 60;
  const rate = flag("rate", Math.max(100, Math.ceil(EVENTS_PER_PANE / seconds)));
  delete process.env.CI;
  process.env.NODE_ENV ??= "production";
  const { runTui } = await import("../src/ui/run-tui.js");
  const { SyntheticSession } = await import("../src/ui/dev/synthetic-session.js");
  const harnesses = ["claude", "codex", "pi", "claude", "codex", "pi", "claude", "codex"] as const;
  const sessions = harnesses.map(
    (h, i) => new SyntheticSession({ harness: h, eventsPerSecond: rate, seed: i + 1, scheduler: systemScheduler }),
  );
  const term = fakeTerminal(200, 60);
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  const done = runTui({
    scheduler: systemScheduler,
    ports: sessions,
    stdout: term.stdout,
    stdin: term.stdin,
    env: { ...process.env, NO_COLOR: undefined },
    onStore: (s) => (store = s),
  });
  const sample = (label: string): number => {
    const m = process.memoryUsage();
    const perPane = Math.round(sessions.reduce((n, s) => n + s.emitted, 0) / PANES);
    log(
      `soak: ${label}: RSS ${mb(m.rss)}, JS heap ${mb(m.heapUsed)}, ${perPane} events per pane, load average ${load()}`,
    );
    return m.rss;
  };
  log(`soak: ${PANES} panes × ${rate} events/s for ${minutes} min`);
  await new Promise((r) => setTimeout(r, 5000)); // warm-up
  const start = sample("start");
  const every = Math.max(60, Math.round(seconds / 6)) * 1000;
  const t0 = Date.now();
  const timer = setInterval(() => sample(`${Math.round((Date.now() - t0) / 60000)} min`), every);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  clearInterval(timer);
  const end = sample("end");
  log(`soak: RSS ${mb(start)} at start, ${mb(end)} at end (${end >= start ? "+" : ""}${mb(end - start)})`);
  store?.dispatch({ kind: "quit-now" });
  await done;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
