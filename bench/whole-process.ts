/**
 * Whole-process measurements for the benches: wall time, CPU time (user + system) and peak RSS of a
 * node process, each command paired with its reference in the same run and the runs interleaved, so a
 * busy machine slows both alike. CPU time is the steadier figure on a shared machine (wall time counts
 * waiting for a core); both are printed. The child reports its own usage at exit through a preloaded
 * module writing to fd 3, so nothing outside Node is needed.
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync } from "node:fs";

/** Preloaded into every measured process: on exit, "userµs systemµs maxRssKiB" to fd 3. */
const REPORT_USAGE = `data:text/javascript,${encodeURIComponent(
  'import { writeSync } from "node:fs";' +
    'process.on("exit", () => { const u = process.resourceUsage();' +
    ' try { writeSync(3, [u.userCPUTime, u.systemCPUTime, u.maxRSS].join(" ")); } catch {} });',
)}`;

export interface Usage {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakRssMb: number;
}

export interface Measured extends Usage {
  readonly label: string;
}

export interface ProcessSpec {
  readonly label: string;
  /** Arguments after `node` (the script and its arguments). */
  readonly args: readonly string[];
  /** A file fed to stdin, or nothing. */
  readonly stdinFile?: string;
  /** Variables set on top of this process's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Run before each of its runs, outside the timing (a cold run empties a cache here). */
  readonly before?: () => void;
}

/** Runs `node --import <usage reporter> …args` once, stdout discarded. */
export function measureOnce(spec: ProcessSpec): Usage {
  // The file itself becomes stdin (no copy through this process, whatever its size).
  spec.before?.();
  const stdin = spec.stdinFile === undefined ? "ignore" : openSync(spec.stdinFile, "r");
  const start = process.hrtime.bigint();
  const child = spawnSync(process.execPath, ["--import", REPORT_USAGE, ...spec.args], {
    stdio: [stdin, "ignore", "pipe", "pipe"],
    env: spec.env === undefined ? process.env : { ...process.env, ...spec.env },
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (typeof stdin === "number") closeSync(stdin);
  if (child.status !== 0 && child.status !== 1)
    throw new Error(`${spec.label} exited ${child.status ?? child.signal}: ${String(child.stderr).slice(0, 400)}`);
  const report = String(child.output[3] ?? "").trim();
  const [user, system, rssKb] = report.split(" ").map(Number);
  if (user === undefined || system === undefined || rssKb === undefined || Number.isNaN(rssKb))
    throw new Error(`${spec.label} reported no usage (got ${JSON.stringify(report)})`);
  return { wallMs, cpuMs: (user + system) / 1000, peakRssMb: rssKb / 1024 };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
};

/** Median of `runs` interleaved runs of each spec (one warm-up round first, for the disk cache, unless told not to). */
export function measureSideBySide(specs: readonly ProcessSpec[], runs: number, warmUp = true): Measured[] {
  if (warmUp) for (const spec of specs) measureOnce(spec);
  const samples = specs.map(() => [] as Usage[]);
  for (let i = 0; i < runs; i++)
    specs.forEach((spec, j) => {
      samples[j]!.push(measureOnce(spec));
    });
  return specs.map((spec, j) => {
    const s = samples[j]!;
    return {
      label: spec.label,
      wallMs: median(s.map((u) => u.wallMs)),
      cpuMs: median(s.map((u) => u.cpuMs)),
      peakRssMb: Math.max(...s.map((u) => u.peakRssMb)),
    };
  });
}
