/**
 * The hmux server with 8 sessions holding 10,000 events each. The server is the real one
 * (`hmux server --foreground`, the built dist/), its sessions real claude sessions of the launch
 * pipeline and session runtime, whose binary (HMUX_CLAUDE_BIN) is bench/fake-chatty-harness.mjs:
 * it speaks claude's stream-json and answers "chatter <n>" with n records, so every event the
 * server keeps went through the claude decoder. Prints:
 *   - attach → first frame: this process as a client (modules loaded first, timed apart), as
 *     open-tui does it: connect, list, attach to the 8 at once (each replay in its reply), fold
 *     each replay into the TUI's store as one batch, and Ink's first frame of the TUI to a null
 *     terminal (target < 500 ms), with the time of each phase and the one that dominated;
 *   - the server idle with its 8 idle sessions and no client, from /proc/<pid>/stat over 10 s
 *     (HMUX_BENCH_SECONDS overrides; target < 0.5% of a core);
 *   - the server's and the client's RSS beside `node -e 0`'s.
 * HMUX_BENCH_PROF=<dir> writes CPU profiles there: client-attach.cpuprofile (this process from
 * connect to the first frame) and the server's own (node --cpu-prof, written when it stops).
 * Numbers are printed, never asserted; a session that does not hold the events it should fails
 * the bench instead of printing a figure for less.
 */
import { spawn } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SessionEvent } from "../src/core/control/types.js";
import { systemClock } from "../src/main/system-clock.js";
import { systemScheduler } from "../src/main/system-scheduler.js";
import type { RequestBody, SessionSummary } from "../src/protocol/index.js";
import type { ServerClient } from "../src/server/client.js";
import type { ServerPaths } from "../src/server/paths.js";
import { ATTACH_REPLAY, startBeforeMount } from "../src/tui-client/attach-ports.js";
import type { SessionInfo } from "../src/ui/session-port.js";
import { clockTicks, cpuSeconds, rssMb } from "./proc-stat.js";
import { connectWhenUp, HMUX, SERVER_FLAGS, serverBox } from "./server-box.js";
import { fakeTerminal } from "./tui.bench.js";
import { measureOnce } from "./whole-process.js";

const SESSIONS = 8;
const KEPT = 10_000;
const NO_SUPPORT = { steer: false, inject: false, abstain: true, replace: true, denyReason: true };
/** Records the fake sends per session: more than enough events for the server's window to be full. */
const RECORDS = 10_000;
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

/** Starts a CPU profile of this process; the returned function stops it and gives the .cpuprofile text. */
async function startProfile(): Promise<() => Promise<string>> {
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  return async () => {
    const { profile } = await session.post("Profiler.stop");
    session.disconnect();
    return JSON.stringify(profile);
  };
}

export async function run(log: (line: string) => void = console.log): Promise<void> {
  const seconds = Number(process.env.HMUX_BENCH_SECONDS ?? 10);
  delete process.env.CI;
  process.env.NODE_ENV ??= "production";
  const box = serverBox("hmux-bench-server-");
  const { serverPaths } = await import("../src/server/paths.js");
  const paths = serverPaths(box.env);
  const { VERSION } = await import("../src/cli/main.js");
  const profDir = process.env.HMUX_BENCH_PROF;
  const server = spawn(
    process.execPath,
    [
      ...(profDir ? ["--cpu-prof", "--cpu-prof-dir", profDir] : []),
      ...SERVER_FLAGS,
      HMUX,
      "server",
      "--foreground",
      "--idle-exit",
      "never",
    ],
    {
      env: box.env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let serverLog = "";
  server.stderr?.on("data", (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-4000);
  });
  try {
    const setup = await connectWhenUp(box, server);
    const serverPid = setup.hello.pid;
    const filling = performance.now();
    await fill(setup, box.work);
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
    await import("../src/ui/run-tui.js");
    await import("../src/server/client.js");
    const loadMs = performance.now() - loading;

    const profiling = profDir ? await startProfile() : null;
    const attach = await firstFrame(paths, VERSION, ATTACH_REPLAY);
    if (profiling && profDir) writeFileSync(join(profDir, "client-attach.cpuprofile"), await profiling());
    const clientRss = process.memoryUsage().rss / 1048576;
    const serverRss = rssMb(serverPid);
    const full = await firstFrame(paths, VERSION, undefined);
    const fillWindow = await eventsToFill(full.sample);
    const node = measureOnce({ label: "node -e 0", args: ["-e", "0"] });

    const p = attach.phases;
    const named: [string, number][] = [
      ["connect + list", p.connect],
      [`the ${SESSIONS} attach replies with their ${attach.events} events (server, wire, JSON, zod)`, p.replies],
      ["folding them into the store", p.store],
      ["Ink's first frame", p.ink],
    ];
    const [worst] = [...named].sort((a, b) => b[1] - a[1]);
    log(
      `server: hmux attach → first frame ${attach.frameMs.toFixed(0)} ms for ${SESSIONS} sessions × ${KEPT} events, replaying the last ${ATTACH_REPLAY} of each (target < 500 ms)`,
    );
    log(`server:   ${named.map(([what, ms]) => `${what} ${ms.toFixed(0)} ms`).join("; ")}`);
    log(
      `server:   dominated by ${worst![0]} (${worst![1].toFixed(0)} ms); the TUI's modules loaded before it in ${loadMs.toFixed(0)} ms`,
    );
    log(
      `server:   a pane keeps ${fillWindow.entries} entries: the last ${fillWindow.events} events of a session fill them (ATTACH_REPLAY ${ATTACH_REPLAY >= fillWindow.events ? "covers" : "does NOT cover"} it)`,
    );
    log(
      `server:   every kept event replayed instead (same process after the first): first frame ${full.frameMs.toFixed(0)} ms (replies in ${(full.phases.connect + full.phases.replies).toFixed(0)} ms, Ink ${full.phases.ink.toFixed(0)} ms)`,
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

/** Where the time to the first frame went, each phase from the end of the one before (ms). */
interface Phases {
  /** Connect, log in, list the sessions. */
  readonly connect: number;
  /** Every attach sent at once, until each reply's replay was read off the socket, parsed and checked (zod) into its port. */
  readonly replies: number;
  /** The store built and every replay folded into it, one batch per pane. */
  readonly store: number;
  /** Ink's first frame of the filled panes. */
  readonly ink: number;
}

interface FirstFrame {
  readonly frameMs: number;
  readonly phases: Phases;
  readonly events: number;
  readonly sample: SessionEvent[];
}

/**
 * `hmux attach`'s way to its first frame, as open-tui takes it: connect, list, a ServerPanes port
 * per session (replaying `replay` kept events, or all when absent), every port started before
 * the TUI mounts (startBeforeMount), then the TUI on them, timed to Ink's first frame that has
 * every replayed event in. Returns that time, its phases, and one session's replayed events
 * (for counting how many fill a pane's window).
 */
async function firstFrame(paths: ServerPaths, version: string, replay: number | undefined): Promise<FirstFrame> {
  const { runTui } = await import("../src/ui/run-tui.js");
  const { ServerClient } = await import("../src/server/client.js");
  const { ServerPanes } = await import("../src/tui-client/server-panes.js");
  const { parseEvent } = await import("../src/tui-client/wire-events.js");
  const start = performance.now();
  const client = await ServerClient.connect(paths, version, systemClock);
  const rows = await client.list();
  const listed = performance.now();
  const want = Math.min(replay ?? KEPT, KEPT);
  const counts = new Map(rows.map((row) => [row.id, 0]));
  let sample: SessionEvent[] = [];
  // The panes' link, seeing each attach reply as it is read: how many events it carried, and when.
  const request: typeof client.request = async (body) => {
    const reply = await client.request(body);
    const sent: RequestBody = body;
    if (sent.op === "attach" && "events" in reply) {
      const events = reply.events;
      counts.set(sent.session, events.length);
      if (sent.session === rows[0]?.id) sample = events.flatMap((e) => parseEvent(e) ?? []);
    }
    return reply;
  };
  const link = {
    request,
    onEvent: client.onEvent.bind(client),
    onClose: client.onClose.bind(client),
    onTable: client.onTable.bind(client),
  };
  const panes = new ServerPanes({
    now: Date.now,
    link,
    cwd: "/",
    ...(replay !== undefined ? { replay } : {}),
  });
  const ports = rows.map((row) => panes.portFor(row));
  await startBeforeMount(ports, systemClock);
  const decoded = performance.now();
  const whole = () => [...counts.values()].every((n) => n === want);
  const term = fakeTerminal(200, 60);
  let store: import("../src/ui/store/app-store.js").AppStore | undefined;
  let stored = 0;
  let frameMs = 0;
  let done: Promise<void> = Promise.resolve();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the replay did not arrive: ${[...counts.values()].join(", ")} of ${want} each`)),
      60_000,
    );
    done = runTui({
      scheduler: systemScheduler,
      ports,
      stdout: term.stdout,
      stdin: term.stdin,
      env: { ...process.env, NO_COLOR: undefined },
      onStore: (s) => {
        store = s;
        stored = performance.now();
      },
      onRender: () => {
        if (frameMs !== 0 || !whole()) return;
        frameMs = performance.now() - start;
        clearTimeout(timer);
        resolve();
      },
    });
  });
  store?.dispatch({ kind: "quit-now" });
  await done;
  client.close();
  return {
    frameMs,
    phases: {
      connect: listed - start,
      replies: decoded - listed,
      store: stored - decoded,
      ink: start + frameMs - stored,
    },
    events: want * rows.length,
    sample,
  };
}

/** How many of a session's last events it takes to fill a pane's kept transcript (MAX_ENTRIES). */
async function eventsToFill(events: readonly SessionEvent[]): Promise<{ events: number; entries: number }> {
  const { applyEvent } = await import("../src/ui/store/apply-event.js");
  const { createSessionView, MAX_ENTRIES } = await import("../src/ui/store/session-view.js");
  const info: SessionInfo = { harness: "claude", cwd: "/", settings: [], support: NO_SUPPORT };
  const entriesOf = (n: number) =>
    events.slice(events.length - n).reduce((v, e) => applyEvent(v, e, 0), createSessionView("k", info)).entries.length;
  let lo = 1;
  let hi = events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entriesOf(mid) >= MAX_ENTRIES) hi = mid;
    else lo = mid + 1;
  }
  return { events: lo, entries: MAX_ENTRIES };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void run().then(() => process.exit(0));
}
