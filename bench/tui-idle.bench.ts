/**
 * The TUI at rest, as in the demo: 3 panes each waiting on an approval with a deadline, nothing
 * streaming, for 20 s (HMUX_BENCH_SECONDS overrides), after a first pass that is not printed; then the same without deadlines. Prints the process's CPU share, frames drawn,
 * bytes written and RSS against the targets (≤ 0.5% of a core, ≤ 120 MB). The countdowns are the
 * only thing that moves, ten minutes out they change once a minute, so a 20 s run may draw nothing.
 * The RSS is this bench process's (tsx and its loader included), not the compiled `hmux`'s; the
 * compiled demo's own CPU and RSS at rest are measured from outside by `npm run bench -- rss`.
 * Numbers are printed, never asserted.
 */
import type { CommandOutcome, SessionEvent } from "../src/core/control/types.js";
import { systemScheduler } from "../src/main/system-scheduler.js";
import type { SessionInfo, SessionListener, SessionPort } from "../src/ui/session-port.js";
import { fakeTerminal } from "./tui.bench.js";

const PANES = 3;
const OK: CommandOutcome = { result: "ok" };

/** A session that asks one approval (with a ten-minute deadline or none) and then waits, saying nothing more. */
class WaitingSession implements SessionPort {
  private readonly listeners = new Set<SessionListener>();
  constructor(
    readonly info: SessionInfo,
    private readonly n: number,
    private readonly deadline: boolean,
  ) {}
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async start(): Promise<void> {
    const now = Date.now();
    const events: SessionEvent[] = [
      { kind: "state", from: "starting", to: "idle" },
      {
        kind: "approval-request",
        call: {
          callId: `c${this.n}`,
          tool: "Bash",
          input: { command: `ls ${this.n}` },
          openedAt: now,
          deadlineAt: this.deadline ? now + 600_000 : null,
        },
      },
      { kind: "state", from: "idle", to: "awaiting-approval" },
    ];
    for (const e of events) for (const l of this.listeners) l(e);
  }
  send = async (): Promise<CommandOutcome> => OK;
  answer = async (): Promise<CommandOutcome> => OK;
  decide = async (): Promise<CommandOutcome> => OK;
  interrupt = async (): Promise<CommandOutcome> => OK;
  halt = async (): Promise<CommandOutcome> => OK;
  close = async (): Promise<void> => undefined;
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 20);
  delete process.env.CI;
  process.env.NODE_ENV ??= "production";
  // A first pass, not printed: the first window after start-up is the process still compiling and
  // collecting what loading left (0.7–0.9% where the same window a pass later reads 0.07–0.10%).
  await measure(true, seconds, () => {});
  await measure(true, seconds, log);
  await measure(false, seconds, log);
}

async function measure(deadline: boolean, seconds: number, log: (line: string) => void): Promise<void> {
  // As `hmux` loads the TUI (src/main/load-open-tui.ts): Ink's text caches bounded.
  const { runTui } = await import("../src/ui/run-tui.js");
  const harnesses = ["claude", "codex", "pi"] as const;
  const ports = harnesses.slice(0, PANES).map(
    (harness, i) =>
      new WaitingSession(
        {
          harness,
          settings: [],
          support: { steer: false, inject: false, abstain: true, replace: true, denyReason: true },
        },
        i + 1,
        deadline,
      ),
  );
  const term = fakeTerminal(200, 60);
  let frames = 0;
  let measuring = false;
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  const done = runTui({
    scheduler: systemScheduler,
    ports,
    stdout: term.stdout,
    stdin: term.stdin,
    env: { ...process.env, NO_COLOR: undefined },
    onStore: (s) => (store = s),
    onRender: () => {
      if (measuring) frames++;
    },
  });
  // Warm-up: V8 finishes compiling and collects what start-up left for several seconds (npm run bench -- rss).
  await new Promise((r) => setTimeout(r, 10_000));
  const bytes0 = term.bytes();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  measuring = true;
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const rss = process.memoryUsage().rss / 1048576;
  const written = term.bytes() - bytes0;
  store?.dispatch({ kind: "quit-now" });
  await done;
  const share = ((cpu.user + cpu.system) / 1e6 / wall) * 100;
  log(
    `tui idle: ${PANES} panes waiting on approvals ${deadline ? "with" : "without"} deadlines for ${wall.toFixed(1)} s`,
  );
  log(`tui idle: CPU ${share.toFixed(2)}% of a core (target ≤ 0.5%)`);
  log(`tui idle: ${(frames / wall).toFixed(2)} frames/s, ${(written / 1024 / wall).toFixed(1)} KB/s written`);
  log(`tui idle: RSS ${rss.toFixed(0)} MB of the bench process under tsx (target for hmux ≤ 120 MB)`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
