/**
 * `npm run bench -- end-to-end`: the whole load (bench/end-to-end.ts) — 8 sessions × 100 events/s
 * through the real hmux server to `hmux attach` in tmux at 200×60, 15 s measured
 * (HMUX_BENCH_SECONDS overrides) — once per renderer, Ink 8's incremental rendering and hmux's
 * line-diffing writer, then tmux itself with 8 panes printing 100 lines/s each, all in the same
 * run. Prints each one's cores (hmux client + server; tmux server + client) and RSS, and which
 * renderer used less. Numbers are printed, never asserted.
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

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 15);
  const results: EndToEndResult[] = [];
  for (const renderer of ["ink", "line-diff"] as const)
    results.push(
      await measureEndToEnd({ sessions: SESSIONS, rate: RATE, columns: COLUMNS, rows: ROWS, renderer, seconds }),
    );
  const tmux = await tmuxReference(SESSIONS, seconds);
  log(
    `end-to-end: ${SESSIONS} sessions × ${RATE} events/s, hmux attach in tmux at ${COLUMNS}×${ROWS}, ${seconds} s each`,
  );
  for (const r of results) {
    const cores = r.clientCores + r.serverCores;
    log(
      `end-to-end: ${LABEL[r.load.renderer]}  ${cores.toFixed(3)} core (client ${r.clientCores.toFixed(3)} + server ${r.serverCores.toFixed(3)}; tmux hosting it ${r.terminalCores.toFixed(3)})  RSS client ${r.clientRssMb.toFixed(0)} MB + server ${r.serverRssMb.toFixed(0)} MB  (${r.eventsPerSecond.toFixed(0)} events/s reached the server's clients)`,
    );
  }
  log(
    tmux
      ? `end-to-end: tmux, 8 panes printing ${RATE} lines/s each  ${tmux.cpuCores.toFixed(3)} core (server + client)  RSS ${tmux.rssMb.toFixed(0)} MB`
      : "end-to-end: tmux is not installed: no tmux reference",
  );
  const [ink, diff] = results as [EndToEndResult, EndToEndResult];
  const coresOf = (r: EndToEndResult): number => r.clientCores + r.serverCores;
  const winner = coresOf(diff) <= coresOf(ink) ? diff : ink;
  const loser = winner === diff ? ink : diff;
  log(
    `end-to-end: ${LABEL[winner.load.renderer].trim()} used ${(coresOf(loser) / coresOf(winner)).toFixed(2)}× less CPU (client + server) than ${LABEL[loser.load.renderer].trim()}; the client alone ${(loser.clientCores / winner.clientCores).toFixed(2)}×; the default renderer is ${DEFAULT_RENDERER}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
