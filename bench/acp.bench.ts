/**
 * What an ACP agent costs beside the native driver of the same harness (issue 21, item 6): one
 * `hmux session <harness> --json --isolate --endpoint <scripted model>` per harness, one plain
 * turn, whole process trees, the harnesses and `node -e 0` interleaved in one run (medians of
 * HMUX_BENCH_ACP_RUNS, default 3). Printed per harness: spawn → the first event on hmux's stdout,
 * spawn → the session's identity (the agent is up), spawn → the first assistant text, and the
 * tree's peak RSS (hmux, the agent and everything it started, sampled every 50 ms); beside them the
 * ratios to the native driver of the same harness and to `node -e 0` (spawn → exit, peak RSS) of
 * the same run. A run that fails is counted in its harness's row with what failed (hmux's typed
 * failure, or what the bench saw), and the other harnesses are still measured. The load average
 * is printed at the start and the end. HMUX_BENCH_ACP_HARNESSES=a,b measures only those (any
 * harness name). Numbers are printed, never asserted.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startModelServer } from "../src/scripted-model/server.js";
import { treeRssMb } from "./process-tree.js";
import { measureOnce } from "./whole-process.js";

const ROOT = resolve(import.meta.dirname, "..");
const HMUX = join(ROOT, "bin", "hmux.js");
/** A run past this is killed and counted as failed: far beyond any handshake budget, so hmux's own bound speaks first. */
const RUN_LIMIT_MS = 240_000;

/** Native driver first, then its ACP adapter; opencode and qwen have no native driver here. */
const ROWS: readonly (readonly [string, string | null])[] = [
  ["claude", "claude-acp"],
  ["codex", "codex-acp"],
  ["pi", "pi-acp"],
  ["opencode", null],
  ["qwen", null],
];

interface Sample {
  readonly firstEventMs: number;
  readonly identityMs: number;
  readonly firstTextMs: number;
  readonly peakRssMb: number;
}

/** One run: its figures, or what ended it without an assistant answer. */
type Outcome = { readonly ok: true; readonly sample: Sample } | { readonly ok: false; readonly failed: string };

interface SessionLine {
  readonly kind: string;
  readonly role?: string;
  readonly class?: string;
  readonly message?: string;
  readonly failure?: { readonly class: string; readonly message: string };
}

/** hmux's typed failure as one line: its class, then its message. */
const typed = (f: { readonly class: string; readonly message: string }): string => `${f.class}: ${f.message}`;

function once(harness: string, url: string): Promise<Outcome> {
  const box = mkdtempSync(join(tmpdir(), "hmux-bench-acp-"));
  const work = join(box, "work");
  mkdirSync(work);
  const env = {
    ...process.env,
    HOME: join(box, "home"),
    XDG_STATE_HOME: join(box, "state"),
    XDG_RUNTIME_DIR: join(box, "run"),
    XDG_CONFIG_HOME: join(box, "config"),
  };
  const start = performance.now();
  const child = spawn(
    process.execPath,
    [HMUX, "session", harness, "--json", "--isolate", "--endpoint", url, "--cwd", work, "--no-journal"],
    { cwd: work, env, stdio: ["pipe", "pipe", "ignore"] },
  );
  let firstEventMs = Number.NaN;
  let identityMs = Number.NaN;
  let firstTextMs = Number.NaN;
  let failed: string | null = null;
  let killed = false;
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid !== undefined) peak = Math.max(peak, treeRssMb(child.pid));
  }, 50);
  child.stdin.on("error", () => {
    // hmux gone before it read the turn: its exit says why.
  });
  child.stdin.write(`${JSON.stringify({ op: "send", id: "b-1", text: "[[say:bench answer]]" })}\n`);
  return new Promise((resolvePromise) => {
    const timer = setTimeout(() => {
      killed = true;
      child.kill("SIGKILL");
    }, RUN_LIMIT_MS);
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const at = performance.now() - start;
        if (Number.isNaN(firstEventMs)) firstEventMs = at;
        const e = JSON.parse(line) as SessionLine;
        if (e.kind === "identity" && Number.isNaN(identityMs)) identityMs = at;
        if ((e.kind === "token" || (e.kind === "message" && e.role === "assistant")) && Number.isNaN(firstTextMs))
          firstTextMs = at;
        if (e.kind === "failure" && e.class !== undefined && e.message !== undefined && failed === null)
          failed = typed({ class: e.class, message: e.message });
        if (e.kind === "done") {
          if (e.failure && failed === null) failed = typed(e.failure);
          child.stdin.end();
        }
      }
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      clearInterval(sampler);
      rmSync(box, { recursive: true, force: true });
      if (!Number.isNaN(firstTextMs))
        return resolvePromise({ ok: true, sample: { firstEventMs, identityMs, firstTextMs, peakRssMb: peak } });
      const why =
        failed ??
        (killed
          ? `bench: killed after ${RUN_LIMIT_MS / 1000} s without an answer`
          : `bench: no assistant text, no failure event (exit ${code ?? signal})`);
      resolvePromise({ ok: false, failed: why });
    });
  });
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

interface Row {
  readonly samples: Sample[];
  readonly failures: string[];
}

interface Figures {
  readonly firstTextMs: number;
  readonly peakRssMb: number;
}

function figuresOf(row: Row): Figures | null {
  if (row.samples.length === 0) return null;
  return {
    firstTextMs: median(row.samples.map((s) => s.firstTextMs)),
    peakRssMb: Math.max(...row.samples.map((s) => s.peakRssMb)),
  };
}

const ratio = (a: number, b: number): string => `${(a / b).toFixed(1)}×`;

export async function run(): Promise<void> {
  const runs = Number(process.env.HMUX_BENCH_ACP_RUNS ?? 3);
  const loadAtStart = loadavg()[0]!;
  const server = await startModelServer();
  const only = process.env.HMUX_BENCH_ACP_HARNESSES?.split(",").filter(Boolean);
  const harnesses = ROWS.flatMap(([native, acp]) => (acp ? [native, acp] : [native])).filter(
    (h) => only === undefined || only.includes(h),
  );
  for (const h of only ?? []) if (!harnesses.includes(h)) harnesses.push(h);
  const rows = new Map<string, Row>(harnesses.map((h) => [h, { samples: [], failures: [] }]));
  const node: { wallMs: number; peakRssMb: number }[] = [];
  const warmUpFailures: string[] = [];
  try {
    // One warm-up round for the disk cache, then the harnesses and the reference interleaved.
    for (const h of harnesses) {
      const o = await once(h, server.url);
      if (!o.ok) warmUpFailures.push(`${h}: ${o.failed}`);
    }
    for (let i = 0; i < runs; i++) {
      node.push(measureOnce({ label: "node -e 0", args: ["-e", "0"] }));
      for (const h of harnesses) {
        const o = await once(h, server.url);
        const row = rows.get(h)!;
        if (o.ok) row.samples.push(o.sample);
        else row.failures.push(o.failed);
      }
    }
  } finally {
    await server.close();
  }
  const loadAtEnd = loadavg()[0]!;
  const ref = { wallMs: median(node.map((n) => n.wallMs)), peakRssMb: Math.max(...node.map((n) => n.peakRssMb)) };
  console.log(
    `hmux session, one plain turn on the scripted model; medians of ${runs} interleaved runs, peak RSS of the process tree; load average ${loadAtStart.toFixed(1)} at the start, ${loadAtEnd.toFixed(1)} at the end`,
  );
  console.log(
    `node -e 0 (same run): spawn → exit ${ref.wallMs.toFixed(0)} ms, peak RSS ${ref.peakRssMb.toFixed(0)} MB`,
  );
  for (const w of warmUpFailures) console.log(`warm-up run failed: ${w}`);
  console.log(
    `${"harness".padEnd(12)} ${"first event".padStart(12)} ${"identity".padStart(9)} ${"first text".padStart(11)} ${"peak RSS".padStart(9)}  ${"text, RSS vs native".padEnd(20)} ${"text, RSS vs node -e 0".padEnd(22)}`,
  );
  const nativeDrivers = new Set(ROWS.flatMap(([native, acp]) => (acp ? [native] : [])));
  const nativeOf = new Map<string, string>(ROWS.flatMap(([native, acp]) => (acp ? [[acp, native]] : [])));
  for (const h of harnesses) {
    const row = rows.get(h)!;
    const mine = figuresOf(row);
    const failedNote =
      row.failures.length > 0
        ? `  failed ${row.failures.length} of ${runs}: ${[...new Set(row.failures)].join(" | ")}`
        : "";
    if (mine === null) {
      console.log(
        `${h.padEnd(12)} ${"—".padStart(12)} ${"—".padStart(9)} ${"—".padStart(11)} ${"—".padStart(9)}${failedNote}`,
      );
      continue;
    }
    const s = row.samples;
    const ms = (pick: (x: Sample) => number) => `${median(s.map(pick)).toFixed(0)} ms`;
    const native = nativeOf.get(h);
    const theirs = native === undefined ? null : figuresOf(rows.get(native)!);
    const vsNative =
      native === undefined
        ? nativeDrivers.has(h)
          ? "(the native driver)"
          : "no native driver"
        : theirs === null
          ? `${native} failed`
          : `${ratio(mine.firstTextMs, theirs.firstTextMs)}, ${ratio(mine.peakRssMb, theirs.peakRssMb)}`;
    const vsNode = `${ratio(mine.firstTextMs, ref.wallMs)}, ${ratio(mine.peakRssMb, ref.peakRssMb)}`;
    console.log(
      `${h.padEnd(12)} ${ms((x) => x.firstEventMs).padStart(12)} ${ms((x) => x.identityMs).padStart(9)} ${ms((x) => x.firstTextMs).padStart(11)} ${`${mine.peakRssMb.toFixed(0)} MB`.padStart(9)}  ${vsNative.padEnd(20)} ${vsNode.padEnd(22)}${failedNote}`,
    );
  }
}
