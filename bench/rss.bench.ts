/**
 * What a user runs, measured from outside: `node bin/hmux.js demo` (the compiled dist/, as `npm start`
 * runs it) in a private tmux at 200×60, with its own HOME, XDG_RUNTIME_DIR, XDG_STATE_HOME and
 * XDG_CONFIG_HOME, so it starts its own hmux server. Its three panes run bench/fake-approval-harness.mjs
 * as claude, codex and pi (HMUX_<HARNESS>_BIN), each asking one tool approval on the demo's prompt,
 * then waiting: the demo's resting state without starting the real CLIs. Once every pane waits, the
 * client's and the server's VmRSS and VmHWM are read from /proc (anonymous and file-backed parts
 * apart) and printed beside `node -e 0`'s, measured in the same run. Target: the client ≤ 120 MB.
 * Everything started is stopped: the TUI detaches, `hmux kill-server` in that environment ends the
 * server (and the demo's model, which exits with it), the tmux server is killed, the folder removed.
 * It also reads the client's and the server's CPU time from /proc over two windows of
 * HMUX_BENCH_IDLE_SECONDS (60) each: the demo idle, as a user leaves it (target: the client ≤ 0.5% of a
 * core at rest, the second window). A minute each, because the first half-minute after start-up is
 * still V8 compiling and collecting late (20 s windows read 0.65–0.90% in the second, 0.03% a minute on).
 *
 * What dominated the client (Node 22.23; process.memoryUsage(), V8's heap-space statistics and a heap
 * snapshot of the running client): of 140 MB, 54 MB was the node binary and libraries mapped from disk.
 * Of the rest, V8's young generation held 32 MB: Node 22 grows each semi-space to 16 MB while what is
 * allocated survives, as while the client loads and draws its first frames. Held at 1 MB (a growth factor
 * of 1 set at start-up) the client at rest took 10 MB less, but 8 streaming panes then promoted their
 * short-lived objects and the 30-minute soak ended at 448 MB instead of 294 MB: V8's default stays.
 * Next came Ink's modules: es-toolkit's compat index alone is
 * ~400 ES modules, and Node read React's development builds too; the build bundles Ink and React
 * (scripts/build.mjs). Yoga's WebAssembly memory, Ink's layout engine, stays. Numbers are printed,
 * never asserted.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clockTicks, cpuSeconds } from "./proc-stat.js";
import { measureOnce } from "./whole-process.js";

const HMUX = fileURLToPath(new URL("../bin/hmux.js", import.meta.url));
const FAKE = fileURLToPath(new URL("./fake-approval-harness.mjs", import.meta.url));
const HARNESSES = ["claude", "codex", "pi"] as const;
const COLUMNS = 200;
const ROWS = 60;
const TARGET_MB = 120;

interface Box {
  readonly dir: string;
  readonly env: Record<string, string>;
  readonly socket: string;
  readonly stderr: string;
}

const quote = (s: string): string => `'${s.replaceAll("'", "'\\''")}'`;

/** A private folder and environment; each harness binary a script running the fake as that harness. */
function makeBox(): Box {
  const dir = mkdtempSync(join(tmpdir(), "hmux-bench-rss-"));
  const run = join(dir, "run");
  for (const d of [run, join(dir, "home"), join(dir, "state"), join(dir, "config"), join(dir, "bin")])
    mkdirSync(d, { recursive: true });
  chmodSync(run, 0o700);
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    TERM: "xterm-256color",
    LANG: process.env.LANG ?? "C.UTF-8",
    HOME: join(dir, "home"),
    XDG_RUNTIME_DIR: run,
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
  };
  for (const harness of HARNESSES) {
    const bin = join(dir, "bin", `fake-${harness}`);
    writeFileSync(
      bin,
      `#!/bin/sh\nHMUX_FAKE_COMMAND=touch HMUX_FAKE_HARNESS=${harness} HMUX_FAKE_OUT=${quote(join(dir, `${harness}.json`))} exec ${quote(process.execPath)} ${quote(FAKE)} "$@"\n`,
    );
    chmodSync(bin, 0o755);
    env[`HMUX_${harness.toUpperCase()}_BIN`] = bin;
  }
  return { dir, env, socket: `hmux-bench-rss-${process.pid}`, stderr: join(dir, "stderr.log") };
}

interface Memory {
  readonly rss: number;
  readonly hwm: number;
  readonly anon: number;
  readonly file: number;
}

function memory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string): number => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  };
  return { rss: kb("VmRSS"), hwm: kb("VmHWM"), anon: kb("RssAnon"), file: kb("RssFile") };
}

const show = (m: Memory): string =>
  `RSS ${m.rss.toFixed(0)} MB (peak ${m.hwm.toFixed(0)}; anonymous ${m.anon.toFixed(0)}, files ${m.file.toFixed(0)})`;

function hmux(box: Box, ...args: string[]): string {
  return execFileSync(process.execPath, [HMUX, ...args], { env: box.env, encoding: "utf8", timeout: 20_000 });
}

/** The sessions' states on the box's server. */
function states(box: Box): string[] {
  return hmux(box, "ls", "--json")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => String((JSON.parse(l) as { lifecycle?: unknown }).lifecycle));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const settle = Number(process.env.HMUX_BENCH_SECONDS ?? 5);
  const box = makeBox();
  const tmux = (...args: string[]): string =>
    execFileSync("tmux", ["-L", box.socket, "-f", "/dev/null", ...args], { encoding: "utf8", env: box.env });
  const exports = Object.entries(box.env)
    .map(([k, v]) => `${k}=${quote(v)}`)
    .join(" ");
  // Node flags for the client alone (HMUX_BENCH_NODE_FLAGS), for trying one: "--max-semi-space-size=1".
  const flags = (process.env.HMUX_BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean).map(quote).join(" ");
  const command = `exec env -i ${exports} ${quote(process.execPath)} ${flags} ${quote(HMUX)} demo --prompt 'burst 1' 2>>${quote(box.stderr)}`;
  try {
    tmux("new-session", "-d", "-s", "rss", "-x", String(COLUMNS), "-y", String(ROWS), command);
    const client = Number(tmux("display-message", "-p", "-t", "rss", "#{pane_pid}").trim());
    const end = Date.now() + 60_000;
    let seen: string[] = [];
    for (;;) {
      await sleep(500);
      try {
        seen = states(box);
      } catch {
        seen = []; // the server is not up yet
      }
      if (seen.length === HARNESSES.length && seen.every((s) => s === "awaiting-approval")) break;
      if (Date.now() > end) {
        const screen = tmux("capture-pane", "-p", "-t", "rss");
        throw new Error(
          `the demo's panes did not all wait on an approval (${seen.join(", ") || "none"}); screen:\n${screen}\nstderr:\n${readFileSync(box.stderr, "utf8").slice(-2000)}`,
        );
      }
    }
    await sleep(settle * 1000); // let the first frames and the collector settle
    const serverPid = Number(readFileSync(join(box.env.XDG_RUNTIME_DIR!, "hmux", "server", "pid"), "utf8").trim());
    if (process.env.DIAG) {
      process.kill(client, "SIGUSR2");
      await sleep(Number(process.env.DIAG));
    }
    const clientMemory = memory(client);
    const serverMemory = memory(serverPid);
    // Two windows one after the other: the first still holds what follows start-up (V8 compiling
    // late and collecting the first frames' garbage), the second is the TUI left at rest.
    const idleSeconds = Number(process.env.HMUX_BENCH_IDLE_SECONDS ?? 60);
    const ticks = clockTicks();
    const idle: { client: number; server: number; wall: number }[] = [];
    for (let window = 0; window < 2; window++) {
      const before = { client: cpuSeconds(client, ticks), server: cpuSeconds(serverPid, ticks), at: performance.now() };
      await sleep(idleSeconds * 1000);
      const wall = (performance.now() - before.at) / 1000;
      idle.push({
        client: ((cpuSeconds(client, ticks) - before.client) / wall) * 100,
        server: ((cpuSeconds(serverPid, ticks) - before.server) / wall) * 100,
        wall,
      });
    }
    const node = measureOnce({ label: "node -e 0", args: ["-e", "0"] });
    const load = readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
    log(
      `rss: \`hmux demo\` (compiled, ${COLUMNS}×${ROWS}, 3 panes waiting on approvals) ${settle} s after the last pane waited; load average ${load}`,
    );
    log(`rss:   client ${show(clientMemory)} (target ≤ ${TARGET_MB} MB)`);
    log(`rss:   server ${show(serverMemory)}`);
    log(`rss:   node -e 0 peak RSS ${node.peakRssMb.toFixed(0)} MB`);
    const [first, rest] = idle as [(typeof idle)[0], (typeof idle)[0]];
    const pct = (n: number): string => `${n.toFixed(2)}%`;
    log(
      `rss: CPU, ${first.wall.toFixed(0)} s after that: client ${pct(first.client)} of a core, server ${pct(first.server)}; the next ${rest.wall.toFixed(0)} s, at rest: client ${pct(rest.client)} (target ≤ 0.5%), server ${pct(rest.server)} (${ticks} ticks/s)`,
    );
  } finally {
    try {
      tmux("send-keys", "-t", "rss", "C-q");
      await sleep(500);
    } catch {
      // tmux is already gone
    }
    spawnSync(process.execPath, [HMUX, "kill-server"], { env: box.env, stdio: "ignore", timeout: 20_000 });
    spawnSync("tmux", ["-L", box.socket, "kill-server"], { stdio: "ignore" });
    rmSync(box.dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
