/**
 * Memory over a long run, as a person runs it (`npm run bench -- soak`; plain `npm run bench` runs it last): the real
 * hmux server holding 8 claude sessions streaming 100 events/s each and `hmux attach` in a private
 * tmux window at 200×60 (running-load.ts), for HMUX_BENCH_SOAK_MINUTES (30), and in the same run
 * and over the same time tmux with 8 panes printing 100 lines/s each, an attached client on a pty.
 * Once a minute it reads from /proc the client's and the server's RSS and anonymous RSS
 * (smaps_rollup), their CPU over the minute, the tmux reference's RSS (server + client) and CPU,
 * the events that reached a watching client and the load average; then prints the table and a
 * verdict per process from the readings (memory-trend.ts: growth from minute 5 on, per 10
 * minutes). HMUX_BENCH_HEAP=<dir>: heap snapshots of client and server at minute 5 and at the end
 * (a snapshot costs memory itself, so readings after minute 5 are no longer clean). Numbers are
 * printed, never asserted. The in-process soak under tsx (in-process-soak.ts) is a profiling aid.
 */
import { loadavg } from "node:os";
import { describeTrend, FLAT_MB_PER_10_MINUTES, memoryTrend, SETTLED_MINUTE } from "./memory-trend.js";
import { anonymousRssMb, clockTicks, cpuSeconds, rssMb } from "./proc-stat.js";
import { type RunningLoad, startRunningLoad } from "./running-load.js";
import { type RunningTmuxReference, startTmuxReference } from "./tmux-reference.js";

const SESSIONS = 8;
const RATE = 100;
const COLUMNS = 200;
const ROWS = 60;
/** From the client's first frame of the sessions to the reading of minute 0. */
const WARM_UP_SECONDS = 10;

interface SoakReading {
  readonly minute: number;
  readonly clientRssMb: number;
  readonly clientAnonMb: number;
  readonly serverRssMb: number;
  readonly serverAnonMb: number;
  /** Cores over the minute before (NaN at minute 0). */
  readonly clientCores: number;
  readonly serverCores: number;
  readonly terminalCores: number;
  readonly tmuxRssMb: number;
  readonly tmuxAnonMb: number;
  readonly tmuxCores: number;
  readonly eventsPerSecond: number;
  readonly load: number;
}

/** The soak's length; 0 skips it (plain `npm run bench` runs it, the figure is 30 minutes). */
function soakMinutes(): number {
  const raw = process.env.HMUX_BENCH_SOAK_MINUTES ?? "30";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`HMUX_BENCH_SOAK_MINUTES wants whole minutes ≥ 0, not ${raw}`);
  return n;
}

const sleepUntil = (at: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));

/** Reads every process once; CPU is the use since `before` (the previous reading's totals). */
function reader(hmux: RunningLoad, tmux: RunningTmuxReference) {
  const ticks = clockTicks();
  const totals = () => ({
    at: performance.now(),
    client: cpuSeconds(hmux.clientPid, ticks),
    server: cpuSeconds(hmux.serverPid, ticks),
    terminal: cpuSeconds(hmux.terminalPid, ticks),
    tmux: cpuSeconds(tmux.serverPid, ticks) + cpuSeconds(tmux.clientPid, ticks),
    events: hmux.events(),
  });
  let before = totals();
  return (minute: number): SoakReading => {
    const now = totals();
    const wall = (now.at - before.at) / 1000;
    const cores = (used: number): number => (minute === 0 ? Number.NaN : used / wall);
    const reading = {
      minute,
      clientRssMb: rssMb(hmux.clientPid),
      clientAnonMb: anonymousRssMb(hmux.clientPid),
      serverRssMb: rssMb(hmux.serverPid),
      serverAnonMb: anonymousRssMb(hmux.serverPid),
      clientCores: cores(now.client - before.client),
      serverCores: cores(now.server - before.server),
      terminalCores: cores(now.terminal - before.terminal),
      tmuxRssMb: rssMb(tmux.serverPid) + rssMb(tmux.clientPid),
      tmuxAnonMb: anonymousRssMb(tmux.serverPid) + anonymousRssMb(tmux.clientPid),
      tmuxCores: cores(now.tmux - before.tmux),
      eventsPerSecond: cores(now.events - before.events),
      load: loadavg()[0]!,
    };
    before = now;
    return reading;
  };
}

const mb = (n: number): string => n.toFixed(0).padStart(4);
const core = (n: number): string => (Number.isNaN(n) ? "    —" : n.toFixed(3));

function row(r: SoakReading): string {
  return [
    String(r.minute).padStart(3),
    `${mb(r.clientRssMb)} (${mb(r.clientAnonMb)})`,
    `${mb(r.serverRssMb)} (${mb(r.serverAnonMb)})`,
    core(r.clientCores),
    core(r.serverCores),
    core(r.terminalCores),
    `${mb(r.tmuxRssMb)} (${mb(r.tmuxAnonMb)})`,
    core(r.tmuxCores),
    Number.isNaN(r.eventsPerSecond) ? "    —" : r.eventsPerSecond.toFixed(0).padStart(5),
    r.load.toFixed(1).padStart(5),
  ].join(" | ");
}

const HEADER =
  "min | client RSS (anon) MB | server RSS (anon) MB | client core | server core | tmux hosting it | tmux ref RSS (anon) MB | tmux ref core | events/s | load";

/** Asks the client and the server for a heap snapshot (they run with --heapsnapshot-signal when HMUX_BENCH_HEAP is set). */
function heapSnapshots(hmux: RunningLoad, log: (line: string) => void, minute: number): void {
  if (!process.env.HMUX_BENCH_HEAP) return;
  process.kill(hmux.clientPid, "SIGUSR2");
  process.kill(hmux.serverPid, "SIGUSR2");
  log(
    `soak: heap snapshots of client ${hmux.clientPid} and server ${hmux.serverPid} at ${minute} min → ${process.env.HMUX_BENCH_HEAP}`,
  );
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const minutes = soakMinutes();
  if (minutes === 0) {
    log("soak skipped (HMUX_BENCH_SOAK_MINUTES=0): memory over time is not measured in this run");
    return;
  }
  log(
    `soak: the compiled hmux server with ${SESSIONS} sessions × ${RATE} events/s and hmux attach in tmux ${COLUMNS}×${ROWS}, beside tmux with ${SESSIONS} panes × ${RATE} lines/s, for ${minutes} min (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")})`,
  );
  const hmux = await startRunningLoad({
    sessions: SESSIONS,
    rate: RATE,
    turnSeconds: WARM_UP_SECONDS + minutes * 60 + 300,
    columns: COLUMNS,
    rows: ROWS,
    renderer: "line-diff",
  });
  let tmux: RunningTmuxReference | null = null;
  const readings: SoakReading[] = [];
  try {
    tmux = startTmuxReference(SESSIONS, RATE);
    if (!tmux) throw new Error("tmux is not installed: no reference");
    await sleepUntil(Date.now() + WARM_UP_SECONDS * 1000);
    const read = reader(hmux, tmux);
    const start = Date.now();
    log(HEADER);
    for (let minute = 0; minute <= minutes; minute++) {
      await sleepUntil(start + minute * 60_000);
      const reading = read(minute);
      readings.push(reading);
      log(row(reading));
      if (minute === SETTLED_MINUTE && minute < minutes) heapSnapshots(hmux, log, minute);
    }
    heapSnapshots(hmux, log, minutes);
    // A snapshot is written before the process goes on: give the last ones time before the stop.
    if (process.env.HMUX_BENCH_HEAP) await sleepUntil(Date.now() + 60_000);
  } catch (err) {
    const screen = hmux.tmux("capture-pane", "-p", "-t", "e2e");
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\nscreen:\n${screen.slice(0, 1200)}\nserver stderr: ${hmux.serverLog()}`,
    );
  } finally {
    tmux?.stop();
    await hmux.stop();
  }
  const trend = (read: (r: SoakReading) => number): string =>
    describeTrend(memoryTrend(readings.map((r) => ({ minute: r.minute, mb: read(r) }))));
  const loads = readings.map((r) => r.load);
  log(
    `soak verdict (least-squares growth from minute ${SETTLED_MINUTE} on, or from half-way in a shorter soak; flat < ${FLAT_MB_PER_10_MINUTES} MB/10 min; load average ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}):`,
  );
  log(`  client RSS ${trend((r) => r.clientRssMb)}; anonymous ${trend((r) => r.clientAnonMb)}`);
  log(`  server RSS ${trend((r) => r.serverRssMb)}; anonymous ${trend((r) => r.serverAnonMb)}`);
  log(`  tmux reference RSS ${trend((r) => r.tmuxRssMb)}; anonymous ${trend((r) => r.tmuxAnonMb)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
