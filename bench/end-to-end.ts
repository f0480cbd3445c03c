/**
 * The whole load as a person runs it, measured from outside: the real hmux server (the built
 * dist/, `hmux server --foreground`) holding `sessions` claude sessions whose binary is
 * bench/fake-chatty-harness.mjs streaming assistant text at `rate` events a second each (0: idle
 * sessions, no turn), and `hmux attach` in a private tmux window of `columns`×`rows`, its TUI
 * drawn by `renderer` (ui.renderer in the config file it reads). Measured over `seconds` after a
 * warm-up: CPU of the hmux client, the server and the tmux server hosting the client (the person's
 * terminal) from /proc/<pid>/stat, their RSS, and the frames the client wrote (its output tapped
 * through tmux, pane-tap.ts, counted afterwards by screen-frames.ts). Then, when asked, the
 * key-to-echo latency under the same load (key-echo.ts), and the server's RSS once `held` more
 * sessions each hold a turn of that many events. Used by end-to-end.bench.ts.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Renderer } from "../src/core/config/ui-schema.js";
import type { ServerClient } from "../src/server/client.js";
import { type KeyEcho, measureKeyEcho } from "./key-echo.js";
import { type PaneTap, tapPane } from "./pane-tap.js";
import { clockTicks, cpuSeconds, memoryMb, rssMb } from "./proc-stat.js";
import { countFrames } from "./screen-frames.js";
import { connectWhenUp, HMUX, SERVER_FLAGS, serverBox } from "./server-box.js";

export interface EndToEndLoad {
  readonly sessions: number;
  /** Events a second from each session's harness; 0: the sessions are idle. */
  readonly rate: number;
  readonly columns: number;
  readonly rows: number;
  readonly renderer: Renderer;
  /** The measured window, after WARM_UP_SECONDS. */
  readonly seconds: number;
  /** Keys to time from send to echo after the window, under the same load (0: none). */
  readonly keys?: number;
  /** More sessions to add after the window, each holding one finished turn of `events` events. */
  readonly held?: { readonly sessions: number; readonly events: number };
}

export interface EndToEndResult {
  readonly load: EndToEndLoad;
  /** Cores used by the `hmux attach` process. */
  readonly clientCores: number;
  /** Cores used by the hmux server (the harness processes not counted). */
  readonly serverCores: number;
  /** Cores used by the tmux server hosting the client's terminal. */
  readonly terminalCores: number;
  readonly clientRssMb: number;
  readonly serverRssMb: number;
  /** The server's anonymous and file-backed resident memory (MB), read with serverRssMb. */
  readonly serverAnonMb: number;
  readonly serverFileMb: number;
  /** Events the server sent a watching client in the window, a second: the load that reached hmux. */
  readonly eventsPerSecond: number;
  /** Frames the client put on the terminal a second, and those that showed the focused pane's newer output. */
  readonly fps: number;
  readonly focusedFps: number;
  readonly keyEcho?: KeyEcho;
  /** The server's RSS once the `held` sessions hold their events, and what each added. */
  readonly heldServerRssMb?: number;
  readonly heldMbPerSession?: number;
  /** The anonymous part of heldServerRssMb. */
  readonly heldServerAnonMb?: number;
  /** The same, HELD_SETTLE_SECONDS later: what the server keeps once V8 has collected the turns' garbage. */
  readonly heldSettledRssMb?: number;
  readonly heldSettledMbPerSession?: number;
}

const WARM_UP_SECONDS = 3;
/** How long the client may take to draw its first frame of the sessions, on a busy machine. */
const FIRST_FRAME_SECONDS = 30;
/** How long the held sessions may take to run their turns. */
const HELD_SECONDS = 120;
/**
 * When the server's RSS is read again after the held turns: V8 gives back the pages of a burst's
 * garbage only once its memory reducer runs, some 10–40 s after the allocations stop.
 */
const HELD_SETTLE_SECONDS = 45;

/** The tag the harness of session `i` (from 0) starts every text with: the screen tells the panes apart by it. */
const sessionTag = (i: number): string => `s${i + 1}n`;

/** Creates a session and returns its id. */
async function createSession(client: ServerClient, name: string, cwd: string): Promise<string> {
  const reply = await client.request({ op: "create", harness: "claude", name, cwd, options: {} });
  return (reply.session as { id: string }).id;
}

/** Creates the sessions and starts each one's paced turn, long enough to outlast the measurement. */
async function startLoad(client: ServerClient, load: EndToEndLoad, cwd: string): Promise<void> {
  const turnSeconds = WARM_UP_SECONDS + load.seconds + (load.keys ?? 0) / 10 + 60;
  await Promise.all(
    Array.from({ length: load.sessions }, async (_, i) => {
      const id = await createSession(client, `chatty-${i + 1}`, cwd);
      if (load.rate === 0) return;
      await client.request({ op: "attach", session: id, replay: 0 });
      await client.request({
        op: "input",
        session: id,
        line: { op: "send", id: "load", text: `stream ${load.rate} ${turnSeconds} ${sessionTag(i)}` },
      });
    }),
  );
}

/** Adds `held.sessions` sessions and waits until each has finished its turn of `held.events` events. */
async function addHeld(client: ServerClient, held: NonNullable<EndToEndLoad["held"]>, cwd: string): Promise<void> {
  const done = new Set<string>();
  const waiters = new Map<string, () => void>();
  client.onEvent((session, event) => {
    if (event.kind !== "done") return;
    done.add(session);
    waiters.get(session)?.();
  });
  const end = Date.now() + HELD_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: held.sessions }, async (_, i) => {
      const id = await createSession(client, `held-${i + 1}`, cwd);
      const finished = new Promise<void>((resolve, reject) => {
        if (done.has(id)) resolve();
        waiters.set(id, resolve);
        setTimeout(() => reject(new Error(`held session ${i + 1} did not finish its turn`)), end - Date.now()).unref();
      });
      await client.request({ op: "attach", session: id, replay: 0 });
      await client.request({
        op: "input",
        session: id,
        line: { op: "send", id: "held", text: `chatter ${held.events}` },
      });
      await finished;
    }),
  );
}

/** The tag of the session in the focused pane: the one framed in heavy lines (┃). */
function focusedTag(screen: string): string {
  for (const line of screen.split("\n")) {
    const from = line.indexOf("┃");
    const to = line.indexOf("┃", from + 1);
    const tag = from === -1 || to === -1 ? null : /(s\d+n)\d+:/.exec(line.slice(from, to));
    if (tag) return tag[1]!;
  }
  return "no focused pane streams";
}

const sleep = (seconds: number): Promise<void> => new Promise((r) => setTimeout(r, seconds * 1000));

/** Runs the load once and measures it; throws when the client did not come up or the load did not flow. */
export async function measureEndToEnd(load: EndToEndLoad): Promise<EndToEndResult> {
  if (spawnSync("tmux", ["-V"]).status !== 0) throw new Error("tmux is not installed: the client runs inside it");
  const box = serverBox("hmux-bench-e2e-", { version: 1, ui: { renderer: load.renderer } });
  const socket = `hmux-e2e-${process.pid}-${load.renderer}`;
  const tmux = (...args: string[]): string =>
    spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8", env: box.env }).stdout;
  // HMUX_BENCH_PROF=<dir>: CPU profiles of the client and the server, written as each exits.
  const prof = process.env.HMUX_BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.HMUX_BENCH_PROF] : [];
  const server = spawn(
    process.execPath,
    [...prof, ...SERVER_FLAGS, HMUX, "server", "--foreground", "--idle-exit", "never"],
    {
      env: box.env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let serverLog = "";
  server.stderr?.on("data", (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-4000);
  });
  let watcher: ServerClient | undefined;
  let tap: PaneTap | undefined;
  try {
    watcher = await connectWhenUp(box, server);
    const serverPid = watcher.hello.pid;
    let events = 0;
    watcher.onEvent(() => {
      events++;
    });
    await startLoad(watcher, load, box.work);
    // The client starts a moment after the pane, so the tap below sees its very first frame.
    const node = [process.execPath, ...prof, HMUX].map((a) => JSON.stringify(a)).join(" ");
    const attach = `sleep 0.5; exec ${node} attach`;
    tmux("new-session", "-d", "-x", String(load.columns), "-y", String(load.rows), "-s", "e2e", attach);
    // A client that exits leaves its last words on screen, for the error below.
    tmux("set-option", "-t", "e2e", "remain-on-exit", "on");
    tap = tapPane(tmux, "e2e", box.dir);
    const clientPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}").trim());
    const terminalPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pid}").trim());
    if (!(clientPid > 0 && terminalPid > 0)) throw new Error("tmux did not start hmux attach");
    // Measured from the first frame that shows the sessions on: start-up is not the load.
    const shown = Date.now() + FIRST_FRAME_SECONDS * 1000;
    const lastPane = Math.min(load.sessions, 9);
    for (;;) {
      const screen = tmux("capture-pane", "-p", "-t", "e2e");
      // The rail names each pane by its session's name (chatty-<n>), as the server calls it.
      if (screen.includes(`${lastPane}:chatty-${lastPane}`)) break;
      if (Date.now() > shown) throw new Error(`hmux attach shows no sessions:\n${screen.slice(0, 600)}`);
      await sleep(0.2);
    }
    await sleep(WARM_UP_SECONDS);
    const ticks = clockTicks();
    const cpu = (): [number, number, number] => [
      cpuSeconds(clientPid, ticks),
      cpuSeconds(serverPid, ticks),
      cpuSeconds(terminalPid, ticks),
    ];
    const before = cpu();
    const events0 = events;
    const start = performance.now();
    await sleep(load.seconds);
    const after = cpu();
    const stop = performance.now();
    const wall = (stop - start) / 1000;
    const screen = tmux("capture-pane", "-p", "-t", "e2e");
    if (process.env.HMUX_BENCH_SHOW) console.log(screen);
    const clientRssMb = rssMb(clientPid);
    const serverMemory = memoryMb(serverPid);
    const serverRssMb = serverMemory.rss;
    const eventsPerSecond = (events - events0) / wall;
    const keyEcho = load.keys ? await measureKeyEcho(socket, "e2e", tap, load.keys, box.env) : undefined;
    let held: Pick<
      EndToEndResult,
      "heldServerRssMb" | "heldMbPerSession" | "heldServerAnonMb" | "heldSettledRssMb" | "heldSettledMbPerSession"
    > = {};
    if (load.held) {
      await addHeld(watcher, load.held, box.work);
      await sleep(2);
      const heldMemory = memoryMb(serverPid);
      const heldServerRssMb = heldMemory.rss;
      held = {
        heldServerRssMb,
        heldMbPerSession: (heldServerRssMb - serverRssMb) / load.held.sessions,
        heldServerAnonMb: heldMemory.anon,
      };
      await sleep(HELD_SETTLE_SECONDS - 2);
      const heldSettledRssMb = rssMb(serverPid);
      held = {
        ...held,
        heldSettledRssMb,
        heldSettledMbPerSession: (heldSettledRssMb - serverRssMb) / load.held.sessions,
      };
    }
    tap.stop();
    const frames = await countFrames(tap.chunks, load, focusedTag(screen), { from: start, to: stop });
    return {
      load,
      clientCores: (after[0] - before[0]) / wall,
      serverCores: (after[1] - before[1]) / wall,
      terminalCores: (after[2] - before[2]) / wall,
      clientRssMb,
      serverRssMb,
      serverAnonMb: serverMemory.anon,
      serverFileMb: serverMemory.file,
      eventsPerSecond,
      fps: frames.frames / wall,
      focusedFps: frames.focusedFrames / wall,
      ...(keyEcho ? { keyEcho } : {}),
      ...held,
    };
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr: ${serverLog}`);
  } finally {
    tap?.stop();
    watcher?.close();
    tmux("kill-server");
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once("exit", r)));
    rmSync(box.dir, { recursive: true, force: true });
  }
}
