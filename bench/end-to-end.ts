/**
 * The whole load as a person runs it, measured from outside: the real hmux server (the built
 * dist/, `hmux server --foreground`) holding `sessions` claude sessions whose binary is
 * bench/fake-chatty-harness.mjs streaming assistant text at `rate` events a second each, and
 * `hmux attach` in a private tmux window of `columns`×`rows`, its TUI drawn by `renderer`
 * (ui.renderer in the config file it reads). CPU of the hmux client and server from
 * /proc/<pid>/stat over `seconds`, after a warm-up; the tmux that hosts the client is measured
 * apart (it stands for the person's terminal). Used by end-to-end.bench.ts; reusable by any
 * bench that needs the same load with other parameters.
 */
import { spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Renderer } from "../src/core/config/ui-schema.js";
import type { ServerClient } from "../src/server/client.js";
import { clockTicks, cpuSeconds, rssMb } from "./proc-stat.js";
import { connectWhenUp, HMUX, serverBox } from "./server-box.js";

export interface EndToEndLoad {
  readonly sessions: number;
  /** Events a second from each session's harness. */
  readonly rate: number;
  readonly columns: number;
  readonly rows: number;
  readonly renderer: Renderer;
  /** The measured window, after WARM_UP_SECONDS. */
  readonly seconds: number;
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
  /** Events the server sent a watching client in the window, a second: the load that reached hmux. */
  readonly eventsPerSecond: number;
}

const WARM_UP_SECONDS = 3;
/** How long the client may take to draw its first frame of the sessions, on a busy machine. */
const FIRST_FRAME_SECONDS = 30;
/** Creates the sessions and starts each one's paced turn, long enough to outlast the measurement. */
async function startLoad(client: ServerClient, load: EndToEndLoad, cwd: string): Promise<void> {
  const turnSeconds = WARM_UP_SECONDS + load.seconds + 30;
  await Promise.all(
    Array.from({ length: load.sessions }, async (_, i) => {
      const reply = await client.request({
        op: "create",
        harness: "claude",
        name: `chatty-${i + 1}`,
        cwd,
        options: {},
      });
      const id = reply.session.id;
      await client.request({ op: "attach", session: id, replay: 0 });
      await client.request({
        op: "input",
        session: id,
        line: { op: "send", id: "load", text: `stream ${load.rate} ${turnSeconds}` },
      });
    }),
  );
}

const sleep = (seconds: number): Promise<void> => new Promise((r) => setTimeout(r, seconds * 1000));

/** Runs the load once and measures it; throws when the client did not come up or the load did not flow. */
export async function measureEndToEnd(load: EndToEndLoad): Promise<EndToEndResult> {
  if (spawnSync("tmux", ["-V"]).status !== 0) throw new Error("tmux is not installed: the client runs inside it");
  const box = serverBox("hmux-bench-e2e-", { version: 1, ui: { renderer: load.renderer } });
  const socket = `hmux-e2e-${process.pid}-${load.renderer}`;
  const tmux = (...args: string[]): string =>
    spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8", env: box.env }).stdout;
  const server = spawn(process.execPath, [HMUX, "server", "--foreground", "--idle-exit", "never"], {
    env: box.env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let serverLog = "";
  server.stderr?.on("data", (d: Buffer) => {
    serverLog = (serverLog + d.toString()).slice(-4000);
  });
  let watcher: ServerClient | undefined;
  try {
    watcher = await connectWhenUp(box, server);
    const serverPid = watcher.hello.pid;
    let events = 0;
    watcher.onEvent(() => {
      events++;
    });
    await startLoad(watcher, load, box.work);
    const attach = `exec ${JSON.stringify(process.execPath)} ${JSON.stringify(HMUX)} attach`;
    tmux("new-session", "-d", "-x", String(load.columns), "-y", String(load.rows), "-s", "e2e", attach);
    // A client that exits leaves its last words on screen, for the error below.
    tmux("set-option", "-t", "e2e", "remain-on-exit", "on");
    const clientPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pane_pid}").trim());
    const terminalPid = Number(tmux("display-message", "-p", "-t", "e2e", "#{pid}").trim());
    if (!(clientPid > 0 && terminalPid > 0)) throw new Error("tmux did not start hmux attach");
    // Measured from the first frame that shows the sessions on: start-up is not the load.
    const shown = Date.now() + FIRST_FRAME_SECONDS * 1000;
    for (;;) {
      const screen = tmux("capture-pane", "-p", "-t", "e2e");
      if (screen.includes(`${load.sessions}:claude`)) break;
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
    const wall = (performance.now() - start) / 1000;
    const result: EndToEndResult = {
      load,
      clientCores: (after[0] - before[0]) / wall,
      serverCores: (after[1] - before[1]) / wall,
      terminalCores: (after[2] - before[2]) / wall,
      clientRssMb: rssMb(clientPid),
      serverRssMb: rssMb(serverPid),
      eventsPerSecond: (events - events0) / wall,
    };
    return result;
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr: ${serverLog}`);
  } finally {
    watcher?.close();
    tmux("kill-server");
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once("exit", r)));
    rmSync(box.dir, { recursive: true, force: true });
  }
}
