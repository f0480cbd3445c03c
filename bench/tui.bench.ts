/**
 * TUI rendering under load: 8 panes, each fed 100 events/s by a synthetic session for 30 s
 * (HMUX_BENCH_SECONDS overrides). Prints focused-pane frames per second, the process's CPU
 * share and peak RSS against the targets (≥ 10 fps, < 0.5 core, < 250 MB). Numbers are
 * printed, never asserted.
 */
import { PassThrough, Writable } from "node:stream";

const PANES = 8;
const EVENTS_PER_SECOND = 100;

/** A terminal of the given size that counts the bytes written to it; input never arrives. */
export function fakeTerminal(
  columns: number,
  rows: number,
): { stdout: NodeJS.WriteStream; stdin: NodeJS.ReadStream; bytes: () => number } {
  let bytes = 0;
  const out = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      bytes += typeof chunk === "string" ? chunk.length : chunk.byteLength;
      cb();
    },
  }) as unknown as NodeJS.WriteStream & { columns: number; rows: number; isTTY: boolean };
  out.columns = columns;
  out.rows = rows;
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => input,
    ref: () => input,
    unref: () => input,
  });
  return { stdout: out, stdin: input as unknown as NodeJS.ReadStream, bytes: () => bytes };
}

export interface TuiBenchResult {
  readonly seconds: number;
  readonly frames: number;
  readonly focusedFps: number;
  readonly cpuCores: number;
  readonly peakRssMb: number;
  readonly events: number;
}

export async function run(log: (line: string) => void = console.log): Promise<TuiBenchResult> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 30);
  // Ink renders only the last frame under CI=true; the bench measures live rendering.
  delete process.env.CI;
  // As `hmux` runs it: React's production build (see src/app/load-open-tui.ts).
  process.env.NODE_ENV ??= "production";
  // As `hmux` loads the TUI (src/app/load-open-tui.ts): Ink's text caches bounded.
  (await import("../src/ui/render/ink-cache-bounds.js")).boundInkCaches();
  const { runTui } = await import("../src/ui/run-tui.js");
  const { SyntheticSession } = await import("../src/ui/dev/synthetic-session.js");
  const harnesses = ["claude", "codex", "pi", "claude", "codex", "pi", "claude", "codex"] as const;
  const sessions = harnesses
    .slice(0, PANES)
    .map((h, i) => new SyntheticSession({ harness: h, eventsPerSecond: EVENTS_PER_SECOND, seed: i + 1 }));
  const term = fakeTerminal(200, 60);
  let frames = 0;
  let measuring = false;
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  const done = runTui({
    ports: sessions,
    stdout: term.stdout,
    stdin: term.stdin,
    env: { ...process.env, NO_COLOR: undefined },
    onStore: (s) => (store = s),
    onRender: () => {
      if (measuring) frames++;
    },
  });
  await new Promise((r) => setTimeout(r, 1500)); // warm-up
  const startEvents = sessions.reduce((n, s) => n + s.emitted, 0);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const baselineRss = process.memoryUsage().rss;
  let peakRss = baselineRss;
  let peakHeap = 0;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 250);
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const events = sessions.reduce((n, s) => n + s.emitted, 0) - startEvents;
  store?.dispatch({ kind: "quit-now" });
  await done;
  const result: TuiBenchResult = {
    seconds: wall,
    frames,
    focusedFps: frames / wall,
    cpuCores: (cpu.user + cpu.system) / 1e6 / wall,
    peakRssMb: peakRss / 1024 / 1024,
    events,
  };
  log(
    `tui: ${PANES} panes × ${EVENTS_PER_SECOND} events/s for ${wall.toFixed(1)} s (${events} events, ${(term.bytes() / 1e6).toFixed(1)} MB written)`,
  );
  log(`tui: focused pane ${result.focusedFps.toFixed(1)} fps (target ≥ 10)`);
  log(`tui: CPU ${result.cpuCores.toFixed(2)} core (target < 0.5)`);
  log(
    `tui: peak RSS ${result.peakRssMb.toFixed(0)} MB (target < 250; ${(baselineRss / 1048576).toFixed(0)} MB after warm-up, peak JS heap ${(peakHeap / 1048576).toFixed(0)} MB)`,
  );
  return result;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
