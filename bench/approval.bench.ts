/**
 * Approval round trip hmux adds, per session bridge (claude, codex, pi), with an instant
 * decider. A fake harness process (bench/fake-approval-harness.mjs) speaks the harness's own
 * protocol on real pipes; hmux runs it through the real path `hmux session` takes —
 * launchSession → pipe spawner → session runtime → the harness's bridge → SessionControl →
 * decision encoded by the bridge → the fake's stdin. The fake timestamps, with its own clock,
 * when it writes each request line and when the decision line for it arrives: the difference
 * is everything hmux adds plus the two pipe hops a harness pays anyway.
 *
 * Deciders: "policy" (the real allowlist classifier of config key `policy` allows at once) and
 * "program" (a subscriber answers each approval-request with a metaharness.command/1 line
 * through handleLine, as a machine-session client would, minus its own pipe).
 * Rounds: "sequential" (one request in flight: latency) and "burst" (all written at once:
 * decisions per second). Numbers are printed, never asserted; a round whose decisions do not
 * all arrive, once each, fails the bench instead of printing a number for nothing.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtinRegistry } from "../src/adapters/registry.js";
import type { PolicyConfig } from "../src/core/config/policy-schema.js";
import { makeClassifier } from "../src/core/control/policy.js";
import type { SessionEvent } from "../src/core/control/types.js";
import type { SessionHandle } from "../src/core/exec/session-types.js";
import { realSessionPorts } from "../src/main/session-ports.js";
import { launchSession } from "../src/session/launch.js";
import { measureFloor } from "./approval-floor.js";

export const FAKE_HARNESS_PATH = fileURLToPath(new URL("./fake-approval-harness.mjs", import.meta.url));
export const BENCH_HARNESSES = ["claude", "codex", "pi"] as const;
export type BenchHarness = (typeof BENCH_HARNESSES)[number];
export const INSTANT_DECIDERS = ["policy", "program"] as const;
export type InstantDecider = (typeof INSTANT_DECIDERS)[number];

export interface RoundSpec {
  readonly pattern: "sequential" | "burst";
  readonly count: number;
}

/** What the fake harness saw for one request (its own clock, ms). */
export interface FakeRequestRecord {
  readonly wireId: string;
  readonly sentAt: number;
  readonly arrivedAt: number | null;
  /** Decision lines that arrived for this request; exactly 1 when hmux is right. */
  readonly decisions: number;
  readonly decision: unknown;
}

export interface RoundResult {
  readonly pattern: RoundSpec["pattern"];
  readonly count: number;
  readonly requests: readonly FakeRequestRecord[];
  /** arrivedAt − sentAt for every answered request, in request order. */
  readonly roundTripsMs: readonly number[];
  /** First request written → last decision arrived. */
  readonly spanMs: number;
}

export interface SessionMeasurement {
  readonly harness: BenchHarness;
  readonly decider: InstantDecider;
  readonly rounds: readonly RoundResult[];
  /** Decision lines the fake could not match to any request it made. */
  readonly stray: number;
  /** approval-disposition events hmux reported as sent. */
  readonly dispositionsSent: number;
  /** Sent dispositions by who decided (policy, program, deadline, …). */
  readonly decidedBy: Readonly<Record<string, number>>;
}

interface FakeResult {
  readonly harness: string;
  readonly rounds: ReadonlyArray<{
    pattern: RoundSpec["pattern"];
    count: number;
    requests: FakeRequestRecord[];
    unfinished?: boolean;
  }>;
  readonly stray: readonly unknown[];
}

const TURN_TIMEOUT_MS = 60_000;
/** The fake asks for `ls dir<k>` in the workspace: on this allowlist, so the policy answers at once. */
const BENCH_POLICY: PolicyConfig = { allowCommands: ["ls"] };

/** Runs one session against the fake harness: one turn per round, then a clean close. */
export async function measureApprovals(
  harness: BenchHarness,
  decider: InstantDecider,
  rounds: readonly RoundSpec[],
  options: { readonly turnTimeoutMs?: number } = {},
): Promise<SessionMeasurement> {
  const turnTimeoutMs = options.turnTimeoutMs ?? TURN_TIMEOUT_MS;
  const dir = mkdtempSync(join(tmpdir(), `hmux-bench-approval-${harness}-`));
  const outFile = join(dir, "fake-result.json");
  let handle: SessionHandle | null = null;
  try {
    handle = launchSession(
      {
        registry: builtinRegistry,
        harness,
        cwd: dir,
        stateDir: dir,
        isolate: false,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HMUX_FAKE_HARNESS: harness,
          HMUX_FAKE_OUT: outFile,
          HMUX_FAKE_CWD: dir,
        },
        binary: [process.execPath, FAKE_HARNESS_PATH],
        // "policy": the real allowlist classifier (`ls` inside the workspace is safe) allows before
        // anyone is asked, and headless mode would deny anything else; "program": nobody but the
        // subscriber below answers.
        ...(decider === "policy"
          ? { approvals: "deny" as const, classify: makeClassifier(BENCH_POLICY, dir) }
          : { approvals: "ask" as const }),
      },
      realSessionPorts(),
    );
    const session = handle;
    const watcher = watch(session, decider);
    await session.start();
    for (const [i, round] of rounds.entries()) {
      const turnDone = watcher.nextDone();
      const disposition = await session.send(`round-${i}`, `${round.pattern} ${round.count}`);
      if (disposition.disposition !== "started")
        throw new Error(`${harness}: round ${i} was not started (${JSON.stringify(disposition)})`);
      await withTimeout(
        turnDone,
        turnTimeoutMs,
        `${harness}/${decider}: round ${i} (${round.pattern} ${round.count}) did not end within ${turnTimeoutMs} ms: a decision never reached the fake harness`,
      );
    }
    const closed = await withTimeout(session.close(), 10_000, `${harness}: the session did not close`);
    if (closed.cause !== "clean")
      throw new Error(
        `${harness}/${decider}: session closed ${closed.cause}${closed.failure ? `: ${closed.failure.message}` : ""}`,
      );
    const fake = JSON.parse(readFileSync(outFile, "utf8")) as FakeResult;
    return {
      harness,
      decider,
      rounds: fake.rounds.map((r) => toRound(r)),
      stray: fake.stray.length,
      dispositionsSent: watcher.dispositionsSent(),
      decidedBy: watcher.decidedBy(),
    };
  } finally {
    if (handle) await handle.abort("killed").catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
}

function watch(session: SessionHandle, decider: InstantDecider) {
  let sent = 0;
  const by: Record<string, number> = {};
  let waiting: { resolve: () => void; reject: (e: Error) => void } | null = null;
  session.subscribe((event: SessionEvent) => {
    switch (event.kind) {
      case "approval-request":
        if (decider === "program") {
          const line = JSON.stringify({
            format: "metaharness.command/1",
            id: `decide-${event.call.callId}`,
            command: "tool.decide",
            call_id: event.call.callId,
            decision: "allow",
          });
          void session.handleLine(line);
        }
        break;
      case "approval-disposition":
        if (event.status === "sent") {
          sent += 1;
          by[event.decider] = (by[event.decider] ?? 0) + 1;
        }
        break;
      case "done":
        waiting?.resolve();
        waiting = null;
        break;
      case "closed":
        waiting?.reject(new Error(`the session closed during a round (${event.cause})`));
        waiting = null;
        break;
      default:
        break;
    }
  });
  return {
    nextDone: () => new Promise<void>((resolve, reject) => (waiting = { resolve, reject })),
    dispositionsSent: () => sent,
    decidedBy: () => ({ ...by }),
  };
}

function toRound(r: FakeResult["rounds"][number]): RoundResult {
  const answered = r.requests.filter((q) => q.arrivedAt !== null);
  const first = Math.min(...r.requests.map((q) => q.sentAt));
  const last = Math.max(...answered.map((q) => q.arrivedAt as number));
  return {
    pattern: r.pattern,
    count: r.count,
    requests: r.requests,
    roundTripsMs: answered.map((q) => (q.arrivedAt as number) - q.sentAt),
    spanMs: answered.length > 0 ? last - first : 0,
  };
}

/** Why a round cannot be trusted as a measurement, or null: every request answered exactly once. */
export function roundProblem(round: RoundResult): string | null {
  if (round.requests.length !== round.count) return `${round.count} requests planned, ${round.requests.length} written`;
  const missing = round.requests.filter((q) => q.decisions === 0).length;
  const doubled = round.requests.filter((q) => q.decisions > 1).length;
  if (missing > 0) return `${missing} of ${round.count} requests got no decision`;
  if (doubled > 0) return `${doubled} requests got more than one decision`;
  return null;
}

/** Nearest-rank percentile. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1]!;
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const WARM_UP = 300;
const SEQUENTIAL = 3000;
const BURST = 3000;
const TARGET_P99_MS = 10;
const ROUNDS: readonly RoundSpec[] = [
  { pattern: "sequential", count: WARM_UP },
  { pattern: "sequential", count: SEQUENTIAL },
  { pattern: "burst", count: BURST },
];

/** Checks every round, then one table row: p50/p99/max of the measured sequential round and both rates. */
function row(
  label: string,
  harness: string,
  rounds: readonly RoundResult[],
  stray: number,
): { cells: string[]; p99: number } {
  for (const round of rounds) {
    const problem = roundProblem(round);
    if (problem) throw new Error(`${harness}/${label} ${round.pattern} ${round.count}: ${problem}`);
  }
  if (stray > 0) throw new Error(`${harness}/${label}: ${stray} decision lines matched no request`);
  const [, seq, burst] = rounds as [RoundResult, RoundResult, RoundResult];
  const sorted = [...seq.roundTripsMs].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const cells = [
    harness,
    label,
    String(seq.count),
    percentile(sorted, 50).toFixed(3),
    p99.toFixed(3),
    (sorted[sorted.length - 1] ?? Number.NaN).toFixed(3),
    rate(seq.count, seq.spanMs),
    rate(burst.count, burst.spanMs),
  ];
  return { cells, p99 };
}

export async function run(): Promise<void> {
  const rows: string[][] = [];
  let worstP99 = 0;
  for (const harness of BENCH_HARNESSES) {
    const floor = (await measureFloor(FAKE_HARNESS_PATH, harness, ROUNDS)) as FakeResult;
    rows.push(row("floor", harness, floor.rounds.map(toRound), floor.stray.length).cells);
    for (const decider of INSTANT_DECIDERS) {
      const m = await measureApprovals(harness, decider, ROUNDS);
      const r = row(decider, harness, m.rounds, m.stray);
      worstP99 = Math.max(worstP99, r.p99);
      rows.push(r.cells);
    }
  }
  console.log("approval round trip: request line written by a fake harness → decision line on its stdin, through");
  console.log("launchSession, the pipe spawner, the session runtime and each real bridge, with instant deciders;");
  console.log("floor = same fake and pipes answered by a bare split + JSON.parse + write, no hmux");
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} on ${availableParallelism()} cpus (tails follow it)`,
  );
  printTable(["harness", "decider", "n", "p50 ms", "p99 ms", "max ms", "seq dec/s", "burst dec/s"], rows);
  console.log(
    `worst hmux p99 ${worstP99.toFixed(3)} ms (target < ${TARGET_P99_MS} ms) ${worstP99 < TARGET_P99_MS ? "ok" : "ABOVE TARGET"}`,
  );
}

function rate(count: number, spanMs: number): string {
  return spanMs > 0 ? Math.round(count / (spanMs / 1000)).toString() : "n/a";
}

function printTable(head: readonly string[], rows: readonly string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(line(head));
  for (const cells of rows) console.log(line(cells));
}
