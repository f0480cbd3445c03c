/**
 * TUI rendering under load: 8 panes, each fed 100 events/s by a synthetic session for 15 s
 * (HMUX_BENCH_SECONDS overrides), in this one process, both renderers in the same run (src/ui/render/renderer.ts):
 * Ink 8's own incremental rendering and hmux's line-diffing writer with its body layer, and says which
 * one hmux keeps (DEFAULT_RENDERER). Prints screen updates per second (what reached the terminal,
 * counted by the renderer's onScreenUpdate hook: with the body layer most updates are no Ink frame,
 * so Ink's frames are printed beside them), the process's CPU share, bytes written to the terminal
 * and peak RSS against the targets (≥ 10 updates/s, ≤ 0.2 core). The whole load through the server
 * and a real terminal is end-to-end.bench.ts. Numbers are printed, never asserted.
 */
import { PassThrough, Writable } from "node:stream";
import { systemScheduler } from "../src/main/system-scheduler.js";
import { DEFAULT_RENDERER } from "../src/ui/config/ui-config.js";

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
  // A terminal, so Ink draws every frame (not only the last, as for a pipe).
  out.isTTY = true;
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => input,
    ref: () => input,
    unref: () => input,
  });
  return { stdout: out, stdin: input as unknown as NodeJS.ReadStream, bytes: () => bytes };
}

export interface TuiBenchResult {
  readonly renderer: Renderer;
  readonly seconds: number;
  /** Updates that reached the terminal (the renderer's onScreenUpdate). */
  readonly updates: number;
  readonly updatesPerSecond: number;
  /** Ink's own frames (its onRender); for line-diff, fewer than the updates. */
  readonly inkFramesPerSecond: number;
  readonly cpuCores: number;
  readonly peakRssMb: number;
  readonly events: number;
  readonly bytes: number;
}

type Renderer = "line-diff" | "ink";

/**
 * Runs the load once per renderer in this process, Ink's first. Later runs profit from a warm JIT,
 * so the last run's RSS is the one to read, and CPU is compared per run.
 */
export async function run(log: (line: string) => void = console.log): Promise<TuiBenchResult[]> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 15);
  // As `hmux` runs it: React's production build (src/main/load-open-tui.ts).
  process.env.NODE_ENV ??= "production";
  const results: TuiBenchResult[] = [];
  for (const renderer of ["ink", "line-diff"] as const) results.push(await measure(renderer, seconds));
  const [ink, diff] = results as [TuiBenchResult, TuiBenchResult];
  log(`tui: ${PANES} panes × ${EVENTS_PER_SECOND} events/s for ${diff.seconds.toFixed(1)} s each, 200×60`);
  const label = (r: TuiBenchResult): string =>
    r.renderer === "ink" ? "Ink 8's incremental rendering " : "hmux's line-diff + body layer ";
  for (const r of results)
    log(
      `tui: ${label(r)} ${r.updatesPerSecond.toFixed(1).padStart(5)} screen updates/s (Ink frames ${r.inkFramesPerSecond.toFixed(1)}/s)  ${r.cpuCores.toFixed(2)} core  ${(r.bytes / 1e6).toFixed(2).padStart(5)} MB written  ${r.peakRssMb.toFixed(0)} MB peak RSS  (${r.events} events)`,
    );
  log(
    `tui: line-diff + body layer: ${(diff.cpuCores / ink.cpuCores).toFixed(2)}× the CPU of Ink's incremental rendering, ${(diff.bytes / ink.bytes).toFixed(2)}× its bytes, at ${(diff.updatesPerSecond / ink.updatesPerSecond).toFixed(2)}× its screen updates/s`,
  );
  for (const r of results)
    log(
      `tui: ${label(r)} targets: ≥ 10 updates/s ${r.updatesPerSecond >= 10 ? "ok" : "NOT MET"}, ≤ 0.2 core ${r.cpuCores <= 0.2 ? "ok" : "NOT MET"}`,
    );
  log(
    `tui: kept: ${DEFAULT_RENDERER} (DEFAULT_RENDERER, src/ui/config/ui-config.ts; ui.renderer = "ink" selects Ink's)`,
  );
  return results;
}

async function measure(renderer: Renderer, seconds: number): Promise<TuiBenchResult> {
  const { runTui } = await import("../src/ui/run-tui.js");
  const { SyntheticSession } = await import("../src/ui/dev/synthetic-session.js");
  const harnesses = ["claude", "codex", "pi", "claude", "codex", "pi", "claude", "codex"] as const;
  const sessions = harnesses.slice(0, PANES).map(
    (h, i) =>
      new SyntheticSession({
        harness: h,
        eventsPerSecond: EVENTS_PER_SECOND,
        seed: i + 1,
        scheduler: systemScheduler,
      }),
  );
  const term = fakeTerminal(200, 60);
  let updates = 0;
  let inkFrames = 0;
  let measuring = false;
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  const done = runTui({
    scheduler: systemScheduler,
    ports: sessions,
    stdout: term.stdout,
    stdin: term.stdin,
    env: { ...process.env, NO_COLOR: undefined },
    renderer,
    onStore: (s) => (store = s),
    onRender: () => {
      if (measuring) inkFrames++;
    },
    onScreenUpdate: () => {
      if (measuring) updates++;
    },
  });
  await new Promise((r) => setTimeout(r, 1500)); // warm-up
  const startEvents = sessions.reduce((n, s) => n + s.emitted, 0);
  const bytes0 = term.bytes();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  clearInterval(sampler);
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const events = sessions.reduce((n, s) => n + s.emitted, 0) - startEvents;
  const bytes = term.bytes() - bytes0;
  store?.dispatch({ kind: "quit-now" });
  await done;
  return {
    renderer,
    seconds: wall,
    updates,
    updatesPerSecond: updates / wall,
    inkFramesPerSecond: inkFrames / wall,
    cpuCores: (cpu.user + cpu.system) / 1e6 / wall,
    peakRssMb: peakRss / 1024 / 1024,
    events,
    bytes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
