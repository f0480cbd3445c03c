/**
 * The whole load as a person runs it, started and left running: the real hmux server (the built
 * dist/, `hmux server --foreground`) holding `sessions` claude sessions whose binary is
 * bench/fake-chatty-harness.mjs streaming assistant text at `rate` events a second each for
 * `turnSeconds` (0: idle sessions, no turn), and `hmux attach` in a private tmux window of
 * `columns`×`rows`, its TUI drawn by `renderer`. Returned once the client shows the sessions, with
 * the pids a bench reads in /proc. Shared by end-to-end.ts (15 s windows) and soak.bench.ts (30 min).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import type { Renderer } from "../src/core/config/ui-schema.js";
import type { ServerClient } from "../src/server/client.js";
import { type PaneTap, tapPane } from "./pane-tap.js";
import { connectWhenUp, HMUX, SERVER_FLAGS, type ServerBox, serverBox } from "./server-box.js";

export interface RunningLoadSpec {
  readonly sessions: number;
  /** Events a second from each session's harness; 0: the sessions are idle. */
  readonly rate: number;
  /** How long each session's turn streams. */
  readonly turnSeconds: number;
  readonly columns: number;
  readonly rows: number;
  readonly renderer: Renderer;
  /** Copy the client's output as it arrives (pane-tap.ts), from its very first frame. */
  readonly tap?: boolean;
}

export interface RunningLoad {
  readonly box: ServerBox;
  /** Runs a tmux command on the load's private tmux server (the client's window is "e2e"). */
  readonly tmux: (...args: string[]) => string;
  /** The private tmux server's socket name (-L). */
  readonly socket: string;
  /** A client of the server that watches every session. */
  readonly watcher: ServerClient;
  readonly serverPid: number;
  /** The `hmux attach` process. */
  readonly clientPid: number;
  /** The tmux server hosting the client's terminal. */
  readonly terminalPid: number;
  /** Events the server has sent the watcher so far: the load that reached hmux. */
  events(): number;
  readonly tap?: PaneTap;
  /** The last of the server's stderr, for an error. */
  serverLog(): string;
  /** Stops the client, the server and its sessions, and removes the box. */
  stop(): Promise<void>;
}

/** How long the client may take to draw its first frame of the sessions, on a busy machine. */
const FIRST_FRAME_SECONDS = 30;

/**
 * Node flags for the measured client and server, from the environment: HMUX_BENCH_PROF=<dir> writes
 * CPU profiles as each exits; HMUX_BENCH_HEAP=<dir> lets a bench ask each for a heap snapshot
 * (SIGUSR2, written there).
 */
export function diagnosticFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const prof = env.HMUX_BENCH_PROF ? ["--cpu-prof", "--cpu-prof-dir", env.HMUX_BENCH_PROF] : [];
  const heap = env.HMUX_BENCH_HEAP ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${env.HMUX_BENCH_HEAP}`] : [];
  return [...prof, ...heap];
}

/**
 * Node flags for the measured `hmux attach` alone, from HMUX_BENCH_CLIENT_FLAGS (space-separated):
 * an A/B of a client setting, or a probe (`--import <file>`), without touching the server.
 */
export function clientFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.HMUX_BENCH_CLIENT_FLAGS ?? "").split(" ").filter(Boolean);
}

/** The tag the harness of session `i` (from 0) starts every text with: the screen tells the panes apart by it. */
export const sessionTag = (i: number): string => `s${i + 1}n`;

/** Creates a session and returns its id. */
export async function createSession(client: ServerClient, name: string, cwd: string): Promise<string> {
  const reply = await client.request({ op: "create", harness: "claude", name, cwd, options: {} });
  return (reply.session as { id: string }).id;
}

/** Creates the sessions and starts each one's paced turn. */
async function startTurns(client: ServerClient, spec: RunningLoadSpec, cwd: string): Promise<void> {
  await Promise.all(
    Array.from({ length: spec.sessions }, async (_, i) => {
      const id = await createSession(client, `chatty-${i + 1}`, cwd);
      if (spec.rate === 0) return;
      await client.request({ op: "attach", session: id, replay: 0 });
      await client.request({
        op: "input",
        session: id,
        line: { op: "send", id: "load", text: `stream ${spec.rate} ${Math.ceil(spec.turnSeconds)} ${sessionTag(i)}` },
      });
    }),
  );
}

const sleep = (seconds: number): Promise<void> => new Promise((r) => setTimeout(r, seconds * 1000));

/** Starts the load and returns once `hmux attach` shows its sessions; throws (everything stopped) when it did not. */
export async function startRunningLoad(spec: RunningLoadSpec): Promise<RunningLoad> {
  if (spawnSync("tmux", ["-V"]).status !== 0) throw new Error("tmux is not installed: the client runs inside it");
  const box = serverBox("hmux-bench-e2e-", { version: 1, ui: { renderer: spec.renderer } });
  const socket = `hmux-e2e-${process.pid}-${spec.renderer}`;
  const tmux = (...args: string[]): string =>
    spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8", env: box.env }).stdout;
  const flags = diagnosticFlags();
  const server = spawn(
    process.execPath,
    [...flags, ...SERVER_FLAGS, HMUX, "server", "--foreground", "--idle-exit", "never"],
    { env: box.env, stdio: ["ignore", "ignore", "pipe"] },
  );
  let serverLog = "";
  server.stderr?.on("data", (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-4000);
  });
  let watcher: ServerClient | undefined;
  let tap: PaneTap | undefined;
  let clientPid = 0;
  const stop = async (): Promise<void> => {
    tap?.stop();
    watcher?.close();
    tmux("kill-server");
    await stopServer(server);
    // The client writes its compile cache into the box as it exits: the box goes once it has.
    if (clientPid > 0) await exited(clientPid);
    rmSync(box.dir, { recursive: true, force: true });
  };
  try {
    watcher = await connectWhenUp(box, server);
    const serverPid = watcher.hello.pid;
    let events = 0;
    watcher.onEvent(() => {
      events++;
    });
    await startTurns(watcher, spec, box.work);
    // The client starts a moment after the pane, so a tap sees its very first frame.
    const node = [process.execPath, ...flags, ...clientFlags(), HMUX].map((a) => JSON.stringify(a)).join(" ");
    tmux(
      "new-session",
      "-d",
      "-x",
      String(spec.columns),
      "-y",
      String(spec.rows),
      "-s",
      "e2e",
      `sleep 0.5; exec ${node} attach`,
    );
    // A client that exits leaves its last words on screen, for an error.
    tmux("set-option", "-t", "e2e", "remain-on-exit", "on");
    if (spec.tap) tap = tapPane(tmux, "e2e", box.dir);
    clientPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}").trim());
    const terminalPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pid}").trim());
    if (!(clientPid > 0 && terminalPid > 0)) throw new Error("tmux did not start hmux attach");
    const shown = Date.now() + FIRST_FRAME_SECONDS * 1000;
    const lastPane = Math.min(spec.sessions, 9);
    for (;;) {
      const screen = tmux("capture-pane", "-p", "-t", "e2e");
      // The rail names each pane by its session's name (chatty-<n>), as the server calls it.
      if (screen.includes(`${lastPane}:chatty-${lastPane}`)) break;
      if (Date.now() > shown) throw new Error(`hmux attach shows no sessions:\n${screen.slice(0, 600)}`);
      await sleep(0.2);
    }
    const running = watcher;
    return {
      box,
      tmux,
      socket,
      watcher: running,
      serverPid,
      clientPid,
      terminalPid,
      events: () => events,
      ...(tap ? { tap } : {}),
      serverLog: () => serverLog,
      stop,
    };
  } catch (err) {
    const log = serverLog;
    await stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr: ${log}`);
  }
}

/** How long a client ended by its terminal's close may take to exit. */
const CLIENT_EXIT_SECONDS = 30;

/** Resolves once process `pid` has exited (or CLIENT_EXIT_SECONDS have passed). */
async function exited(pid: number): Promise<void> {
  const end = Date.now() + CLIENT_EXIT_SECONDS * 1000;
  while (existsSync(`/proc/${pid}`) && Date.now() < end) await sleep(0.1);
}

async function stopServer(server: ChildProcess): Promise<void> {
  server.kill("SIGTERM");
  const exited = server.exitCode !== null || server.signalCode !== null;
  await new Promise((r) => (exited ? r(undefined) : server.once("exit", r)));
}
