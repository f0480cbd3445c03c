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
import type { Renderer } from "../src/core/config/ui-schema.js";
import type { ServerClient } from "../src/server/client.js";
import { type KeyEcho, measureKeyEcho } from "./key-echo.js";
import { clockTicks, cpuSeconds, memoryMb, rssMb } from "./proc-stat.js";
import { createSession, type RunningLoad, startRunningLoad } from "./running-load.js";
import { countFrames } from "./screen-frames.js";

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
  /** The client's anonymous and file-backed resident memory (MB), read with clientRssMb. */
  readonly clientAnonMb: number;
  readonly clientFileMb: number;
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
/** How long the held sessions may take to run their turns. */
const HELD_SECONDS = 120;
/**
 * When the server's RSS is read again after the held turns: V8 gives back the pages of a burst's
 * garbage only once its memory reducer runs, some 10–40 s after the allocations stop.
 */
const HELD_SETTLE_SECONDS = 45;

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
  const turnSeconds = WARM_UP_SECONDS + load.seconds + (load.keys ?? 0) / 10 + 60;
  const running = await startRunningLoad({ ...load, turnSeconds, tap: true });
  try {
    return await measureRunning(load, running);
  } catch (err) {
    throw new Error(`${err instanceof Error ? err.message : String(err)}\nserver stderr: ${running.serverLog()}`);
  } finally {
    await running.stop();
  }
}

async function measureRunning(load: EndToEndLoad, running: RunningLoad): Promise<EndToEndResult> {
  const { tmux, watcher, serverPid, clientPid, terminalPid } = running;
  const tap = running.tap!;
  // Measured from the first frame that shows the sessions on: start-up is not the load.
  await sleep(WARM_UP_SECONDS);
  const ticks = clockTicks();
  const cpu = (): [number, number, number] => [
    cpuSeconds(clientPid, ticks),
    cpuSeconds(serverPid, ticks),
    cpuSeconds(terminalPid, ticks),
  ];
  const before = cpu();
  const events0 = running.events();
  const start = performance.now();
  await sleep(load.seconds);
  const after = cpu();
  const stop = performance.now();
  const wall = (stop - start) / 1000;
  const screen = tmux("capture-pane", "-p", "-t", "e2e");
  if (process.env.HMUX_BENCH_SHOW) console.log(screen);
  const clientMemory = memoryMb(clientPid);
  const serverMemory = memoryMb(serverPid);
  const serverRssMb = serverMemory.rss;
  const eventsPerSecond = (running.events() - events0) / wall;
  const keyEcho = load.keys ? await measureKeyEcho(running.socket, "e2e", tap, load.keys, running.box.env) : undefined;
  let held: Pick<
    EndToEndResult,
    "heldServerRssMb" | "heldMbPerSession" | "heldServerAnonMb" | "heldSettledRssMb" | "heldSettledMbPerSession"
  > = {};
  if (load.held) {
    await addHeld(watcher, load.held, running.box.work);
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
    clientRssMb: clientMemory.rss,
    clientAnonMb: clientMemory.anon,
    clientFileMb: clientMemory.file,
    serverRssMb,
    serverAnonMb: serverMemory.anon,
    serverFileMb: serverMemory.file,
    eventsPerSecond,
    fps: frames.frames / wall,
    focusedFps: frames.focusedFrames / wall,
    ...(keyEcho ? { keyEcho } : {}),
    ...held,
  };
}
