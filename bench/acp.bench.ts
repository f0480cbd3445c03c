/**
 * What an ACP agent costs beside the native driver of the same harness (issue 21, item 6): one
 * `hmux session <harness> --json --isolate --endpoint <scripted model>` per harness, one plain
 * turn, whole process trees, the harnesses interleaved in one run (medians of HMUX_BENCH_ACP_RUNS,
 * default 3). Printed per harness: spawn → the first event on hmux's stdout, spawn → the session's
 * identity (the agent is up), spawn → the first assistant text, and the tree's peak RSS (hmux, the
 * agent and everything it started, sampled every 50 ms). Numbers are printed, never asserted.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startModelServer } from "../src/scripted-model/server.js";
import { rssMb } from "./proc-stat.js";

const ROOT = resolve(import.meta.dirname, "..");
const HMUX = join(ROOT, "bin", "hmux.js");

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

/** Every process whose ancestry reaches `root`, root included (from /proc's parent ids). */
function tree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

function treeRss(root: number): number {
  let sum = 0;
  for (const pid of tree(root)) {
    try {
      const mb = rssMb(pid);
      if (Number.isFinite(mb)) sum += mb;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

function once(harness: string, url: string): Promise<Sample> {
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
  let peak = 0;
  const sampler = setInterval(() => {
    if (child.pid !== undefined) peak = Math.max(peak, treeRss(child.pid));
  }, 50);
  child.stdin.write(`${JSON.stringify({ op: "send", id: "b-1", text: "[[say:bench answer]]" })}\n`);
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    let buffered = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        const at = performance.now() - start;
        if (Number.isNaN(firstEventMs)) firstEventMs = at;
        const e = JSON.parse(line) as { kind: string; role?: string };
        if (e.kind === "identity" && Number.isNaN(identityMs)) identityMs = at;
        if ((e.kind === "token" || (e.kind === "message" && e.role === "assistant")) && Number.isNaN(firstTextMs))
          firstTextMs = at;
        if (e.kind === "done") child.stdin.end();
      }
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      clearInterval(sampler);
      rmSync(box, { recursive: true, force: true });
      if (Number.isNaN(firstTextMs)) reject(new Error(`${harness}: no assistant text (exit ${code})`));
      else resolvePromise({ firstEventMs, identityMs, firstTextMs, peakRssMb: peak });
    });
  });
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function run(): Promise<void> {
  const runs = Number(process.env.HMUX_BENCH_ACP_RUNS ?? 3);
  const server = await startModelServer();
  const harnesses = ROWS.flatMap(([native, acp]) => (acp ? [native, acp] : [native]));
  const samples = new Map<string, Sample[]>(harnesses.map((h) => [h, []]));
  try {
    // One warm-up round for the disk cache, then the harnesses interleaved.
    for (const h of harnesses) await once(h, server.url);
    for (let i = 0; i < runs; i++) for (const h of harnesses) samples.get(h)!.push(await once(h, server.url));
  } finally {
    await server.close();
  }
  console.log(
    `hmux session, one plain turn on the scripted model; medians of ${runs} interleaved runs, peak RSS of the process tree`,
  );
  console.log(
    `${"harness".padEnd(12)} ${"first event".padStart(12)} ${"identity".padStart(9)} ${"first text".padStart(11)} ${"peak RSS".padStart(9)}`,
  );
  for (const h of harnesses) {
    const s = samples.get(h)!;
    const ms = (pick: (x: Sample) => number) => `${median(s.map(pick)).toFixed(0)} ms`;
    console.log(
      `${h.padEnd(12)} ${ms((x) => x.firstEventMs).padStart(12)} ${ms((x) => x.identityMs).padStart(9)} ${ms((x) => x.firstTextMs).padStart(11)} ${`${Math.max(...s.map((x) => x.peakRssMb)).toFixed(0)} MB`.padStart(9)}`,
    );
  }
}
