/**
 * A native pane under a flood: `yes | head -c 50000000` in a shell pane, focused, inside
 * the real TUI (fake 160×48 terminal). Prints the focused pane's frames per second while the
 * output streams, the time to drain it, and peak RSS, against the targets (≥ 10 fps,
 * < 300 MB). Numbers are printed, never asserted. HMUX_BENCH_NATIVE_BYTES overrides the size.
 */
import { PassThrough, Writable } from "node:stream";
import { builtinRegistry } from "../src/adapters/registry.js";
import { systemScheduler } from "../src/main/system-scheduler.js";
import { interruptKeyOf } from "../src/native/native-plan.js";

function fakeTerminal(columns: number, rows: number): { stdout: NodeJS.WriteStream; stdin: NodeJS.ReadStream } {
  const out = new Writable({ write: (_c, _e, cb) => cb() }) as unknown as NodeJS.WriteStream & {
    columns: number;
    rows: number;
    isTTY: boolean;
  };
  out.columns = columns;
  out.rows = rows;
  const input = Object.assign(new PassThrough(), {
    isTTY: true,
    setRawMode: () => input,
    ref: () => input,
    unref: () => input,
  });
  return { stdout: out, stdin: input as unknown as NodeJS.ReadStream };
}

export interface NativeBenchResult {
  readonly bytes: number;
  readonly seconds: number;
  readonly inkFrames: number;
  readonly paneFrames: number;
  readonly focusedFps: number;
  readonly peakRssMb: number;
}

export async function run(log: (line: string) => void = console.log): Promise<NativeBenchResult> {
  const bytes = Number(process.env.HMUX_BENCH_NATIVE_BYTES ?? 50_000_000);
  delete process.env.CI; // Ink renders only the last frame under CI
  process.env.NODE_ENV ??= "production"; // as hmux runs it (src/main/load-open-tui.ts)
  const { runTui } = await import("../src/ui/run-tui.js");
  const { NativeTerminal } = await import("../src/native/native-terminal.js");
  const { LocalNativePort } = await import("../src/ui/native/native-port.js");
  const { NativeSession } = await import("../src/native/native-session.js");
  const { systemClock } = await import("../src/main/system-clock.js");
  const { spawnPty } = await import("../src/spawn/native-pty.js");
  const term = fakeTerminal(160, 48);
  const terminal = new NativeTerminal({
    argv: ["/bin/sh", "-c", `sleep 0.5; yes | head -c ${bytes}`],
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", TERM: "xterm-256color" },
    cols: 156,
    rows: 41,
    spawn: spawnPty,
    clock: systemClock,
  });
  const port = new LocalNativePort(
    new NativeSession({
      kind: "shell",
      interruptKey: interruptKeyOf("shell", builtinRegistry),
      terminal,
      hooks: false,
      label: "flood",
      clock: systemClock,
      cwd: process.cwd(),
    }),
  );
  let inkFrames = 0;
  let renderMs = 0;
  let measuring = false;
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  const done = runTui({
    scheduler: systemScheduler,
    ports: [port],
    stdout: term.stdout,
    stdin: term.stdin,
    env: { ...process.env, NO_COLOR: undefined },
    onStore: (s) => (store = s),
    onRender: ({ renderTime }) => {
      if (!measuring) return;
      inkFrames++;
      renderMs += renderTime;
    },
  });
  await new Promise((r) => setTimeout(r, 300));
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 100);
  // Measure from the first byte to the process's exit with everything parsed.
  while (terminal.bytesIn === 0) await new Promise((r) => setTimeout(r, 5));
  measuring = true;
  const frames0 = terminal.frames;
  const t0 = performance.now();
  await terminal.exited;
  await new Promise<void>((resolve) => terminal.xterm.write("", () => resolve()));
  const wall = (performance.now() - t0) / 1000;
  measuring = false;
  const paneFrames = terminal.frames - frames0;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const received = terminal.bytesIn;
  store?.dispatch({ kind: "quit-now" });
  await done;
  const result: NativeBenchResult = {
    bytes: received,
    seconds: wall,
    inkFrames,
    paneFrames,
    focusedFps: inkFrames / wall,
    peakRssMb: peakRss / 1024 / 1024,
  };
  log(
    `native: ${(received / 1e6).toFixed(1)} MB through the pty (yes | head -c ${bytes}; the pty adds CR) in ${wall.toFixed(1)} s (${(received / 1e6 / wall).toFixed(1)} MB/s)`,
  );
  log(
    `native: focused pane ${result.focusedFps.toFixed(1)} fps in Ink (${inkFrames} frames, Ink output ${(renderMs / Math.max(1, inkFrames)).toFixed(1)} ms each; ${paneFrames} terminal snapshots) (target ≥ 10)`,
  );
  log(
    `native: peak RSS ${result.peakRssMb.toFixed(0)} MB (target < 300; ${(baseRss / 1024 / 1024).toFixed(0)} MB before the flood)`,
  );
  return result;
}
