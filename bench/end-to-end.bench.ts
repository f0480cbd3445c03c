/**
 * `npm run bench -- end-to-end`: the whole load (bench/end-to-end.ts) — 8 sessions × 100 events/s
 * through the real hmux server to `hmux attach` in tmux at 200×60, 15 s measured
 * (HMUX_BENCH_SECONDS overrides) — per renderer, Ink 8's incremental rendering and hmux's
 * line-diffing writer, in HMUX_BENCH_ROUNDS rounds (3; the order alternates, so a machine busy with
 * other work slows both alike), then tmux itself with 8 panes printing 100 lines/s each, all in the
 * same run. Prints each one's median cores (hmux client + server; tmux server + client) and RSS, and
 * which renderer used less. Numbers are printed, never asserted.
 */
import type { Renderer } from "../src/core/config/ui-schema.js";
import { DEFAULT_RENDERER } from "../src/ui/config/ui-config.js";
import { type EndToEndResult, measureEndToEnd } from "./end-to-end.js";
import { tmuxReference } from "./tmux-reference.js";

const SESSIONS = 8;
const RATE = 100;
const COLUMNS = 200;
const ROWS = 60;
const LABEL: Readonly<Record<Renderer, string>> = {
  ink: "Ink 8 incremental rendering",
  "line-diff": "hmux line-diffing writer   ",
};

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** One renderer's rounds as one figure: the median of each measure. */
function medianOf(rounds: readonly EndToEndResult[]): EndToEndResult {
  const of = (read: (r: EndToEndResult) => number): number => median(rounds.map(read));
  return {
    load: rounds[0]!.load,
    clientCores: of((r) => r.clientCores),
    serverCores: of((r) => r.serverCores),
    terminalCores: of((r) => r.terminalCores),
    clientRssMb: of((r) => r.clientRssMb),
    serverRssMb: of((r) => r.serverRssMb),
    eventsPerSecond: of((r) => r.eventsPerSecond),
  };
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 15);
  const rounds = Number(process.env.HMUX_BENCH_ROUNDS ?? 3);
  const byRenderer: Record<Renderer, EndToEndResult[]> = { ink: [], "line-diff": [] };
  for (let round = 0; round < rounds; round++) {
    const order: Renderer[] = round % 2 === 0 ? ["ink", "line-diff"] : ["line-diff", "ink"];
    for (const renderer of order)
      byRenderer[renderer].push(
        await measureEndToEnd({ sessions: SESSIONS, rate: RATE, columns: COLUMNS, rows: ROWS, renderer, seconds }),
      );
  }
  const tmux = await tmuxReference(SESSIONS, seconds);
  log(
    `end-to-end: ${SESSIONS} sessions × ${RATE} events/s, hmux attach in tmux at ${COLUMNS}×${ROWS}, ${seconds} s each, medians of ${rounds} rounds`,
  );
  const coresOf = (r: EndToEndResult): number => r.clientCores + r.serverCores;
  const results = [medianOf(byRenderer.ink), medianOf(byRenderer["line-diff"])] as const;
  for (const r of results) {
    const each = byRenderer[r.load.renderer].map((x) => coresOf(x).toFixed(3)).join(", ");
    log(
      `end-to-end: ${LABEL[r.load.renderer]}  ${coresOf(r).toFixed(3)} core (client ${r.clientCores.toFixed(3)} + server ${r.serverCores.toFixed(3)}; rounds ${each}; tmux hosting it ${r.terminalCores.toFixed(3)})  RSS client ${r.clientRssMb.toFixed(0)} MB + server ${r.serverRssMb.toFixed(0)} MB  (${r.eventsPerSecond.toFixed(0)} events/s reached the server's clients)`,
    );
  }
  log(
    tmux
      ? `end-to-end: tmux, 8 panes printing ${RATE} lines/s each  ${tmux.cpuCores.toFixed(3)} core (server + client)  RSS ${tmux.rssMb.toFixed(0)} MB`
      : "end-to-end: tmux is not installed: no tmux reference",
  );
  const [ink, diff] = results;
  const winner = coresOf(diff) <= coresOf(ink) ? diff : ink;
  const loser = winner === diff ? ink : diff;
  log(
    `end-to-end: ${LABEL[winner.load.renderer].trim()} used ${(coresOf(loser) / coresOf(winner)).toFixed(2)}× less CPU (client + server) than ${LABEL[loser.load.renderer].trim()}; the client alone ${(loser.clientCores / winner.clientCores).toFixed(2)}×; the default renderer is ${DEFAULT_RENDERER}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
