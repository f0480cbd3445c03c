/**
 * The hmux server with 8 sessions holding 10,000 events each. The server is the real one
 * (`hmux server --foreground`, the built dist/), its sessions real claude sessions of the launch
 * pipeline and session runtime, whose binary (HMUX_CLAUDE_BIN) is bench/fake-chatty-harness.mjs:
 * it speaks claude's stream-json and answers "chatter <n>" with n records, so every event the
 * server keeps went through the claude decoder. Prints:
 *   - attach → first frame: this process as a client (modules loaded first, timed apart):
 *     connect, list, attach to the 8 with their kept events, apply them into the TUI's store,
 *     and Ink's first frame of the TUI to a null terminal (target < 500 ms);
 *   - the server idle with its 8 idle sessions and no client, from /proc/<pid>/stat over 10 s
 *     (HMUX_BENCH_SECONDS overrides; target < 0.5% of a core);
 *   - the server's and the client's RSS beside `node -e 0`'s.
 * Numbers are printed, never asserted; a session that does not hold the events it should fails
 * the bench instead of printing a figure for less.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CommandOutcome, SessionEvent } from "../src/core/control/types.js";
import type { ServerClient } from "../src/server/client.js";
import type { ServerPaths } from "../src/server/paths.js";
import type { SessionSummary } from "../src/server/protocol.js";
import type { SessionInfo, SessionListener, SessionPort } from "../src/ui/session-port.js";
import { fakeTerminal } from "./tui.bench.js";
import { measureOnce } from "./whole-process.js";

const SESSIONS = 8;
const KEPT = 10_000;
/** A pane's window of its transcript, for the windowed attach figure. */
const WINDOW = 500;
/** Records the fake sends per session: more than enough events for the server's window to be full. */
const RECORDS = 10_000;
const HMUX = fileURLToPath(new URL("../bin/hmux.js", import.meta.url));
const FAKE = fileURLToPath(new URL("./fake-chatty-harness.mjs", import.meta.url));
const OK: CommandOutcome = { result: "ok" };

/**
 * A session on the server as the TUI's store takes it: the events the attach brings, handed over
 * when the store starts the port. Only what the first frame needs; intents are no-ops.
 */
class AttachedSession implements SessionPort {
  readonly info: SessionInfo;
  readonly events: SessionEvent[] = [];
  private readonly listeners = new Set<SessionListener>();
  private started = false;
  constructor(row: SessionSummary) {
    this.info = {
      harness: row.harness,
      label: row.name,
      cwd: row.cwd,
      settings: [],
      support: { steer: false, inject: false, abstain: true, replace: true },
    };
  }
  private waiting: { count: number; resolve: () => void } | null = null;
  deliver(event: SessionEvent): void {
    if (this.started) for (const l of this.listeners) l(event);
    else this.events.push(event);
    if (this.waiting && this.events.length >= this.waiting.count) this.waiting.resolve();
  }
  /** Resolves once `count` events arrived (an attach's replay follows its reply). */
  holding(count: number): Promise<void> {
    if (this.events.length >= count) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting = { count, resolve };
    });
  }
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  async start(): Promise<void> {
    this.started = true;
    for (const e of this.events.splice(0)) for (const l of this.listeners) l(e);
  }
  send = async (): Promise<CommandOutcome> => OK;
  answer = async (): Promise<CommandOutcome> => OK;
  decide = async (): Promise<CommandOutcome> => OK;
  interrupt = async (): Promise<CommandOutcome> => OK;
  halt = async (): Promise<CommandOutcome> => OK;
  close = async (): Promise<void> => undefined;
}

interface Box {
  readonly dir: string;
  readonly env: Record<string, string | undefined>;
}

function makeBox(): Box {
  const dir = mkdtempSync(join(tmpdir(), "hmux-bench-server-"));
  const run = join(dir, "run");
  for (const d of [run, join(dir, "home"), join(dir, "state"), join(dir, "config"), join(dir, "work")])
    mkdirSync(d, { recursive: true });
  chmodSync(run, 0o700);
  const env = {
    ...process.env,
    HOME: join(dir, "home"),
    XDG_RUNTIME_DIR: run,
    XDG_STATE_HOME: join(dir, "state"),
    XDG_CONFIG_HOME: join(dir, "config"),
    HMUX_CLAUDE_BIN: FAKE,
  };
  return { dir, env };
}

async function connectWhenUp(paths: ServerPaths, version: string, server: ChildProcess): Promise<ServerClient> {
  const { ServerClient } = await import("../src/server/client.js");
  const end = Date.now() + 20_000;
  for (;;) {
    try {
      return await ServerClient.connect(paths, version);
    } catch (err) {
      if (server.exitCode !== null) throw new Error(`the server exited ${server.exitCode} before it listened`);
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Creates the sessions and waits until each has run its chatter turn. */
async function fill(client: ServerClient, cwd: string): Promise<void> {
  const done = new Map<string, () => void>();
  const finished = new Set<string>();
  client.onEvent((session, event) => {
    if (event.kind !== "done") return;
    finished.add(session);
    done.get(session)?.();
  });
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, i) => {
      const reply = await client.request({
        op: "create",
        harness: "claude",
        name: `chatty-${i + 1}`,
        cwd,
        options: {},
      });
      const id = (reply.session as SessionSummary).id;
      const turn = new Promise<void>((resolve) => {
        if (finished.has(id)) resolve();
        else done.set(id, resolve);
      });
      await client.request({ op: "attach", session: id, replay: 0 });
      await client.request({ op: "input", session: id, line: { op: "send", id: "fill", text: `chatter ${RECORDS}` } });
      await turn;
    }),
  );
}

/** user + system CPU seconds of a process so far, from /proc (clock ticks). */
function cpuSeconds(pid: number, tick: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / tick;
}

function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

function clockTicks(): number {
  const r = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const n = Number(String(r.stdout).trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 10);
  delete process.env.CI;
  process.env.NODE_ENV ??= "production";
  const box = makeBox();
  const { serverPaths } = await import("../src/server/paths.js");
  const paths = serverPaths(box.env);
  const { VERSION } = await import("../src/cli/main.js");
  const server = spawn(process.execPath, [HMUX, "server", "--foreground", "--idle-exit", "never"], {
    env: box.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let serverLog = "";
  server.stderr?.on("data", (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-4000);
  });
  try {
    const setup = await connectWhenUp(paths, VERSION, server);
    const serverPid = setup.hello.pid;
    const filling = performance.now();
    await fill(setup, join(box.dir, "work"));
    setup.close();
    log(
      `server: ${SESSIONS} claude sessions (fake harness, ${RECORDS} records each) filled in ${((performance.now() - filling) / 1000).toFixed(1)} s`,
    );

    // Idle: no client, every session waiting for its next prompt.
    await new Promise((r) => setTimeout(r, 1_000));
    const tick = clockTicks();
    const cpu0 = cpuSeconds(serverPid, tick);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const idleShare = ((cpuSeconds(serverPid, tick) - cpu0) / ((performance.now() - t0) / 1000)) * 100;

    // The client: modules first (timed apart), then connect → first frame.
    const loading = performance.now();
    (await import("../src/ui/render/ink-cache-bounds.js")).boundInkCaches();
    await import("../src/ui/run-tui.js");
    await import("../src/server/client.js");
    const loadMs = performance.now() - loading;

    const full = await firstFrame(paths, VERSION, undefined);
    const clientRss = process.memoryUsage().rss / 1048576;
    const serverRss = rssMb(serverPid);
    const windowed = await firstFrame(paths, VERSION, WINDOW);
    const node = measureOnce({ label: "node -e 0", args: ["-e", "0"] });

    log(
      `server: attach → first frame ${full.frameMs.toFixed(0)} ms for ${SESSIONS} sessions × ${KEPT} events (target < 500 ms)`,
    );
    log(
      `server:   connect + list + attach with ${full.events} events ${full.attachedMs.toFixed(0)} ms, then the store and Ink's first frame ${(full.frameMs - full.attachedMs).toFixed(0)} ms; the TUI's modules loaded before it in ${loadMs.toFixed(0)} ms`,
    );
    log(
      `server:   a windowed attach (the last ${WINDOW} events of each, same process after the first): first frame ${windowed.frameMs.toFixed(0)} ms (attach ${windowed.attachedMs.toFixed(0)} ms)`,
    );
    log(
      `server: idle with ${SESSIONS} idle sessions, no client: CPU ${idleShare.toFixed(2)}% of a core over ${seconds} s (target < 0.5%)`,
    );
    log(
      `server: RSS server ${serverRss.toFixed(0)} MB (holding ${SESSIONS}×${KEPT} events), client ${clientRss.toFixed(0)} MB after its first frame; node -e 0 ${node.peakRssMb.toFixed(0)} MB`,
    );
  } catch (err) {
    if (serverLog) log(`server log (tail):\n${serverLog}`);
    throw err;
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => {
      if (server.exitCode !== null || server.signalCode !== null) r(undefined);
      else server.once("exit", r);
    });
    rmSync(box.dir, { recursive: true, force: true });
  }
}

/**
 * One client's way to its first frame: connect, list, attach to every session (all kept events,
 * or the last `replay`), the events into the TUI's store, and Ink's first frame to a null terminal.
 */
async function firstFrame(
  paths: ServerPaths,
  version: string,
  replay: number | undefined,
): Promise<{ frameMs: number; attachedMs: number; events: number }> {
  const { runTui } = await import("../src/ui/run-tui.js");
  const { ServerClient } = await import("../src/server/client.js");
  const start = performance.now();
  const client = await ServerClient.connect(paths, version);
  const rows = await client.list();
  const ports = new Map(rows.map((row) => [row.id, new AttachedSession(row)]));
  client.onEvent((session, event) => ports.get(session)?.deliver(event));
  const replies = await Promise.all(
    rows.map(async (row) => {
      const reply = await client.request({
        op: "attach",
        session: row.id,
        ...(replay !== undefined ? { replay } : {}),
      });
      const want = replay ?? KEPT;
      if (Number(reply.replayed) < want)
        throw new Error(`session ${row.name} replayed ${String(reply.replayed)} events; the bench needs ${want}`);
      await ports.get(row.id)!.holding(Number(reply.replayed));
      return reply;
    }),
  );
  const attachedMs = performance.now() - start;
  const term = fakeTerminal(200, 60);
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  let frameMs = 0;
  let done: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve) => {
    done = runTui({
      ports: [...ports.values()],
      stdout: term.stdout,
      stdin: term.stdin,
      env: { ...process.env, NO_COLOR: undefined },
      onStore: (s) => {
        store = s;
      },
      onRender: () => {
        if (frameMs !== 0) return;
        frameMs = performance.now() - start;
        resolve();
      },
    });
  });
  store?.dispatch({ kind: "quit-now" });
  await done;
  client.close();
  return { frameMs, attachedMs, events: replies.reduce((n, r) => n + Number(r.replayed), 0) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
