/**
 * `npm run bench -- end-to-end`: the whole load (bench/end-to-end.ts) through the real hmux server to
 * `hmux attach` in tmux at 200×60, in three scenarios, each beside tmux with as many panes doing
 * the same in the same run:
 * - 8 sessions × 100 events/s: CPU of client + server + the tmux hosting the client (target ≤ 5×
 *   tmux), the focused pane's frames a second (≥ 10), the client's RSS (≤ 80 MB), then the
 *   key-to-echo latency under the same load (p99 ≤ 16 ms);
 * - 32 sessions × 10 events/s: client + server + terminal ≤ 0.1 core;
 * - 8 idle sessions: the server's RSS (≤ 48 MB; anonymous and file-backed apart, `node -e 0` beside it),
 *   then 8 more each holding 10,000 events (≤ 2 MB each), read 2 s and 45 s after their turns.
 * 15 s measured (HMUX_BENCH_SECONDS), HMUX_BENCH_ROUNDS rounds (1; medians of several), the
 * scenarios named in HMUX_BENCH_SCENARIOS (busy,many,idle), each renderer of HMUX_BENCH_RENDERERS
 * (line-diff; "ink,line-diff" compares Ink 8's own). The load average is printed with every figure:
 * the machine may be shared. Numbers are printed, never asserted.
 */
import { loadavg } from "node:os";
import type { Renderer } from "../src/core/config/ui-schema.js";
import { type EndToEndLoad, type EndToEndResult, measureEndToEnd } from "./end-to-end.js";
import { clientFlags } from "./running-load.js";
import { SERVER_FLAGS } from "./server-box.js";
import { type TmuxReference, tmuxReference } from "./tmux-reference.js";
import { measureOnce } from "./whole-process.js";

const COLUMNS = 200;
const CLIENT_FLAGS = clientFlags();
const ROWS = 60;

interface Scenario {
  readonly name: string;
  readonly title: string;
  readonly load: Omit<EndToEndLoad, "renderer" | "seconds" | "columns" | "rows">;
}

const SCENARIOS: readonly Scenario[] = [
  { name: "busy", title: "8 sessions × 100 events/s", load: { sessions: 8, rate: 100, keys: 200 } },
  { name: "many", title: "32 sessions × 10 events/s", load: { sessions: 32, rate: 10 } },
  {
    name: "idle",
    title: "8 idle sessions",
    load: { sessions: 8, rate: 0, held: { sessions: 8, events: 10_000 } },
  },
];

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const load1 = (): string => loadavg()[0]!.toFixed(1);
const verdict = (met: boolean): string => (met ? "met" : "NOT MET");
const total = (r: EndToEndResult): number => r.clientCores + r.serverCores + r.terminalCores;

function report(
  s: Scenario,
  rounds: readonly EndToEndResult[],
  tmux: TmuxReference | null,
  loads: string,
  log: (l: string) => void,
) {
  const of = (read: (r: EndToEndResult) => number | undefined): number =>
    median(rounds.map((r) => read(r) ?? Number.NaN));
  const r = rounds[0]!;
  const cores = of(total);
  const head = `end-to-end ${s.name} (${s.title}, ${r.load.renderer}, load average ${loads})`;
  log(
    `${head}: hmux ${cores.toFixed(3)} core (client ${of((x) => x.clientCores).toFixed(3)} + server ${of((x) => x.serverCores).toFixed(3)} + tmux hosting it ${of((x) => x.terminalCores).toFixed(3)}; rounds ${rounds.map((x) => total(x).toFixed(3)).join(", ")}); ${of((x) => x.eventsPerSecond).toFixed(0)} events/s reached the server's clients`,
  );
  if (tmux) {
    const ratio = cores / tmux.cpuCores;
    const target = s.name === "busy" ? `target ≤ 5× ${verdict(ratio <= 5)}` : "";
    log(
      `${head}: tmux, ${r.load.sessions} panes${r.load.rate ? ` printing ${r.load.rate} lines/s each` : " idle"}: ${tmux.cpuCores.toFixed(3)} core, RSS ${tmux.rssMb.toFixed(0)} MB → hmux ${Number.isFinite(ratio) ? `${ratio.toFixed(1)}×` : "(nothing to compare)"} ${target}`,
    );
  } else log(`${head}: tmux is not installed: no reference`);
  if (s.name === "many") log(`${head}: target ≤ 0.1 core ${verdict(cores <= 0.1)}`);
  // The target is the busy load's: a pane fed 10 events a second cannot show more than 10 new frames.
  if (r.load.rate > 0)
    log(
      `${head}: focused pane ${of((x) => x.focusedFps).toFixed(1)} frames/s (all frames ${of((x) => x.fps).toFixed(1)}/s)${s.name === "busy" ? ` target ≥ 10 ${verdict(of((x) => x.focusedFps) >= 10)}` : ""}`,
    );
  const client = of((x) => x.clientRssMb);
  const server = of((x) => x.serverRssMb);
  log(
    `${head}: RSS client ${client.toFixed(0)} MB${s.name === "busy" ? ` (target ≤ 80 ${verdict(client <= 80)})` : ""}: anonymous ${of((x) => x.clientAnonMb).toFixed(0)}, files ${of((x) => x.clientFileMb).toFixed(0)}${CLIENT_FLAGS.length ? ` (client flags: ${CLIENT_FLAGS.join(" ")})` : ""}; server ${server.toFixed(0)} MB${s.name === "idle" ? ` (target ≤ 48 ${verdict(server <= 48)})` : ""}: anonymous ${of((x) => x.serverAnonMb).toFixed(0)}, files ${of((x) => x.serverFileMb).toFixed(0)} (server flags: ${SERVER_FLAGS.join(" ") || "none"})`,
  );
  if (s.name === "idle") {
    const node = measureOnce({ label: "node -e 0", args: ["-e", "0"] });
    log(`${head}: node -e 0 (same run): peak RSS ${node.peakRssMb.toFixed(0)} MB`);
  }
  if (r.keyEcho) {
    const p99 = of((x) => x.keyEcho?.p99Ms);
    log(
      `${head}: key to echo over ${r.keyEcho.keys} keys: p50 ${of((x) => x.keyEcho?.p50Ms).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${of((x) => x.keyEcho?.maxMs).toFixed(1)} ms, ${r.keyEcho.lost} lost (target p99 ≤ 16 ${verdict(p99 <= 16)})`,
    );
  }
  if (r.load.held) {
    const each = of((x) => x.heldMbPerSession);
    const settled = of((x) => x.heldSettledMbPerSession);
    log(
      `${head}: server RSS ${of((x) => x.heldServerRssMb).toFixed(0)} MB (anonymous ${of((x) => x.heldServerAnonMb).toFixed(0)}) 2 s after ${r.load.held.sessions} more sessions ran turns of ${r.load.held.events} events: ${each.toFixed(1)} MB each; 45 s after, ${of((x) => x.heldSettledRssMb).toFixed(0)} MB: ${settled.toFixed(1)} MB each (target ≤ 2 ${verdict(settled <= 2)})`,
    );
  }
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 15);
  const rounds = Number(process.env.HMUX_BENCH_ROUNDS ?? 1);
  const named = (process.env.HMUX_BENCH_SCENARIOS ?? "busy,many,idle").split(",");
  const renderers = (process.env.HMUX_BENCH_RENDERERS ?? "line-diff").split(",") as Renderer[];
  for (const s of SCENARIOS.filter((x) => named.includes(x.name))) {
    const loads: string[] = [load1()];
    const byRenderer = new Map<Renderer, EndToEndResult[]>(renderers.map((r) => [r, []]));
    for (let round = 0; round < rounds; round++) {
      // The order alternates, so a machine busy with other work slows each renderer alike.
      const order = round % 2 === 0 ? renderers : [...renderers].reverse();
      for (const renderer of order)
        byRenderer
          .get(renderer)!
          .push(await measureEndToEnd({ ...s.load, renderer, seconds, columns: COLUMNS, rows: ROWS }));
      loads.push(load1());
    }
    const tmux = await tmuxReference(s.load.sessions, s.load.rate, seconds);
    loads.push(load1());
    for (const results of byRenderer.values()) report(s, results, tmux, loads.join("–"), log);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
