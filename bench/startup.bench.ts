/**
 * Start-up cost of the compiled `hmux` (bin/hmux.js → dist/), whole processes beside `node -e 0` in the
 * same run, interleaved, medians of HMUX_BENCH_RUNS (default 9). Targets, as ratios to `node -e 0`:
 * `--version` ≤ 1.5×, `decode` of a small recorded turn ≤ 2×, `hmux ls` ≤ 2× (against a server already
 * running, in a private runtime folder; stopped afterwards), `--help` ≤ 2× (it declares every command and
 * runs none: src/cli/command-lines/). `npm run bench` builds dist/ first. Numbers are
 * printed, never asserted.
 * Each hmux row runs twice: warm, with hmux's compile cache (src/files/compile-cache.ts) filled by the
 * warm-up round, as every run after a user's first is; and cold, the cache emptied before each run, as
 * a user's first run (and the first after an upgrade) is: it compiles every module and writes the cache.
 * What a small decode spends: loading ~60 modules on every start (commander's bundle the largest). It
 * builds no composition root (process layer, pty addon, workspace and config modules), loads only the
 * named harness's folder, and checks its question blocks with the part of zod/mini hmux uses rather than
 * the whole of zod (~760 KB, about as costly as starting Node).
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { measureSideBySide, type ProcessSpec } from "./whole-process.js";

const ROOT = resolve(import.meta.dirname, "..");
const HMUX = join(ROOT, "bin", "hmux.js");
const SMALL_TURN = join(ROOT, "test", "fixtures", "live", "claude", "tool.ndjson");

interface Target {
  readonly spec: ProcessSpec;
  readonly ratio?: number;
}

export async function run(): Promise<void> {
  const runs = Number(process.env.HMUX_BENCH_RUNS ?? 9);
  // An empty HOME: listing sessions reads the state folder, which should not be the user's.
  const home = mkdtempSync(join(tmpdir(), "hmux-bench-home-"));
  process.env.HOME = home;
  process.env.XDG_STATE_HOME = join(home, ".local", "state");
  // The server's socket and token go in a private runtime folder of this run, not the user's.
  process.env.XDG_RUNTIME_DIR = join(home, "run");
  // The compile cache too: the warm rows use this run's, the cold rows an emptied one.
  process.env.XDG_CACHE_HOME = join(home, "cache");
  const coldCache = join(home, "cold-cache");
  mkdirSync(process.env.XDG_RUNTIME_DIR, { mode: 0o700 });
  const started = spawnSync(process.execPath, [HMUX, "ls"], { encoding: "utf8" });
  if (started.status !== 0) throw new Error(`hmux ls could not start the server: ${started.stderr}`);
  try {
    const hmux: Target[] = [
      { spec: { label: "hmux --version", args: [HMUX, "--version"] }, ratio: 1.5 },
      { spec: { label: "hmux --help", args: [HMUX, "--help"] }, ratio: 2 },
      { spec: { label: "hmux decode claude (small file)", args: [HMUX, "decode", "claude", SMALL_TURN] }, ratio: 2 },
      { spec: { label: "hmux ls (server running)", args: [HMUX, "ls"] }, ratio: 2 },
      { spec: { label: "hmux sessions (empty)", args: [HMUX, "sessions"] } },
    ];
    const cold = (t: Target): Target => ({
      ...t,
      spec: {
        ...t.spec,
        label: `${t.spec.label}, cold`,
        env: { XDG_CACHE_HOME: coldCache },
        before: () => rmSync(coldCache, { recursive: true, force: true }),
      },
    });
    const targets: Target[] = [
      { spec: { label: "node -e 0", args: ["-e", "0"] } },
      ...hmux.flatMap((t) => [{ ...t, spec: { ...t.spec, label: `${t.spec.label}, warm` } }, cold(t)]),
    ];
    const results = measureSideBySide(
      targets.map((t) => t.spec),
      runs,
    );
    const base = results[0]!;
    console.log(
      `whole processes, medians of ${runs} interleaved runs; ratios are to node -e 0 (wall | cpu); load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the end`,
    );
    results.forEach((r, i) => {
      const target = targets[i]!.ratio;
      const wall = r.wallMs / base.wallMs;
      const cpu = r.cpuMs / base.cpuMs;
      const verdict = target === undefined ? "" : `target ≤ ${target}× ${wall <= target ? "ok" : "ABOVE TARGET"}`;
      console.log(
        `${r.label.padEnd(38)} ${r.wallMs.toFixed(0).padStart(5)} ms wall ${wall.toFixed(2)}×  ${r.cpuMs.toFixed(0).padStart(5)} ms cpu ${cpu.toFixed(2)}×  ${r.peakRssMb.toFixed(0).padStart(4)} MB  ${verdict}`,
      );
    });
  } finally {
    spawnSync(process.execPath, [HMUX, "kill-server"], { stdio: "ignore" });
    rmSync(home, { recursive: true, force: true });
  }
  await Promise.resolve();
}
