/**
 * TUI rendering under load: 8 panes, each fed 100 events/s by a synthetic session for 15 s
 * (HMUX_BENCH_SECONDS overrides), three ways in the same run: Ink's own writer and frames (the
 * reference), hmux's line-diffing writer on Ink's own frames (Output.get), and the line-diffing
 * writer on frames from hmux's compositor (src/ui/render/compositor.ts), as `hmux` runs. Prints
 * focused-pane frames per second, the process's CPU share, bytes written to the terminal and peak
 * RSS against the targets (≥ 10 fps, ≤ 0.2 core, ≤ 1/4 of the reference's bytes). Numbers are
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
  readonly writer: Writer;
  /** Frames from hmux's compositor (false: Ink's own Output.get). */
  readonly compositor: boolean;
  readonly seconds: number;
  readonly frames: number;
  readonly focusedFps: number;
  readonly cpuCores: number;
  readonly peakRssMb: number;
  readonly events: number;
  readonly bytes: number;
}

type Writer = "line-diff" | "ink";

/**
 * Runs the load three times in this process: Ink's own writer and frames first (the reference:
 * whole screen per frame), then hmux's line-diffing writer on Ink's frames, then on the
 * compositor's (as `hmux` runs). Later runs profit from a warm JIT, so the last run's RSS is the
 * one to read, and CPU is compared per run. Ink's other amended modules (ink-cache-bounds.ts)
 * serve all three: they are amended as Ink loads.
 */
export async function run(log: (line: string) => void = console.log): Promise<TuiBenchResult[]> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 15);
  // Ink renders only the last frame under CI=true; the bench measures live rendering.
  delete process.env.CI;
  // As `hmux` runs it: React's production build and Ink's caches bounded (src/main/load-open-tui.ts).
  process.env.NODE_ENV ??= "production";
  (await import("../src/ui/render/ink-cache-bounds.js")).boundInkCaches();
  const { enableCompositor } = await import("../src/ui/render/compositor.js");
  const results: TuiBenchResult[] = [];
  for (const [writer, compositor] of [
    ["ink", false],
    ["line-diff", false],
    ["line-diff", true],
  ] as const) {
    enableCompositor(compositor);
    results.push(await measure(writer, compositor, seconds));
  }
  const [ink, before, diff] = results as [TuiBenchResult, TuiBenchResult, TuiBenchResult];
  const { tmuxReference } = await import("./tmux-reference.js");
  const tmux = await tmuxReference(PANES, seconds);
  log(`tui: ${PANES} panes × ${EVENTS_PER_SECOND} events/s for ${diff.seconds.toFixed(1)} s each, 200×60`);
  const label = (r: TuiBenchResult): string =>
    r.writer === "ink"
      ? "Ink's writer and frames (reference)     "
      : r.compositor
        ? "line-diffing writer, hmux's compositor  "
        : "line-diffing writer, Ink's Output.get   ";
  for (const r of results)
    log(
      `tui: ${label(r)}  ${r.focusedFps.toFixed(1).padStart(5)} fps  ${r.cpuCores.toFixed(2)} core  ${(r.bytes / 1e6).toFixed(2).padStart(5)} MB written  ${r.peakRssMb.toFixed(0)} MB peak RSS  (${r.events} events)`,
    );
  log(
    `tui: hmux's compositor: ${(diff.cpuCores / before.cpuCores).toFixed(2)}× the CPU of Ink's Output.get under the same writer, at ${(diff.focusedFps / before.focusedFps).toFixed(2)}× its frame rate`,
  );
  log(
    tmux
      ? `tui: tmux, the same 8 panes printing 100 lines/s each, one client: ${tmux.cpuCores.toFixed(3)} core (server + client), ${(tmux.bytes / 1e6).toFixed(2)} MB written, ${tmux.rssMb.toFixed(0)} MB RSS`
      : "tui: tmux is not installed: no tmux reference",
  );
  log(
    `tui: targets: ≥ 10 fps ${diff.focusedFps >= 10 ? "ok" : "NOT MET"}, ≤ 0.2 core ${diff.cpuCores <= 0.2 ? "ok" : "NOT MET"}, bytes ≤ 1/4 of the reference ${diff.bytes <= ink.bytes / 4 ? "ok" : "NOT MET"} (${(diff.bytes / ink.bytes).toFixed(2)})`,
  );
  return results;
}

async function measure(writer: Writer, compositor: boolean, seconds: number): Promise<TuiBenchResult> {
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
    writer,
    onStore: (s) => (store = s),
    onRender: () => {
      if (measuring) frames++;
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
    writer,
    compositor,
    seconds: wall,
    frames,
    focusedFps: frames / wall,
    cpuCores: (cpu.user + cpu.system) / 1e6 / wall,
    peakRssMb: peakRss / 1024 / 1024,
    events,
    bytes,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
