/**
 * tmux under the same load as hmux, for reference: a private tmux server with `panes` panes tiled in
 * a 200×60 window, each running a process that prints `rate` lines a second of the synthetic words
 * (none: it waits on its input, an idle pane), and one attached client on a pty. Measures the tmux server and client's CPU (from /proc/<pid>/stat),
 * the server's RSS and the bytes the client wrote to its terminal. The printing processes are the
 * harnesses' side and not counted. Returns null where tmux is not installed.
 */
import { spawnSync } from "node:child_process";
import * as nodePty from "@lydell/node-pty";
import { clockTicks, cpuSeconds, rssMb } from "./proc-stat.js";

export interface TmuxReference {
  readonly cpuCores: number;
  readonly rssMb: number;
  readonly bytes: number;
}

const printer = (rate: number): string =>
  rate === 0
    ? "process.stdin.resume()"
    : `const w="the quick brown fox reads a file then runs the tests and writes a short summary".split(" ");let n=0;setInterval(()=>{n++;process.stdout.write(Array.from({length:3+(n%9)},(_,i)=>w[(n*7+i)%w.length]).join(" ")+"\\n")},${1000 / rate})`;

/** A tmux reference left running, for a bench that reads it over time (soak.bench.ts). */
export interface RunningTmuxReference {
  /** The tmux server and its attached client: the processes a reading counts. */
  readonly serverPid: number;
  readonly clientPid: number;
  /** Bytes the client has written to its terminal so far. */
  bytes(): number;
  stop(): void;
}

/** Starts tmux with `panes` printing panes and one attached client; null where tmux is not installed. */
export function startTmuxReference(panes: number, rate: number): RunningTmuxReference | null {
  if (spawnSync("tmux", ["-V"]).status !== 0) return null;
  const socket = `hmux-bench-${process.pid}`;
  const tmux = (...args: string[]): string =>
    spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" }).stdout;
  const command = `${JSON.stringify(process.execPath)} -e ${JSON.stringify(printer(rate)).replace(/\$/g, "\\$")}`;
  try {
    tmux("new-session", "-d", "-x", "200", "-y", "60", "-s", "load", command);
    for (let i = 1; i < panes; i++) {
      tmux("split-window", "-t", "load", command);
      tmux("select-layout", "-t", "load", "tiled");
    }
    const made = tmux("list-panes", "-t", "load").trim().split("\n").length;
    if (made !== panes) throw new Error(`tmux made ${made} panes of ${panes} in its 200×60 window`);
    const serverPid = Number(tmux("display-message", "-p", "-t", "load", "#{pid}").trim());
    let bytes = 0;
    const client = nodePty.spawn("tmux", ["-L", socket, "attach", "-t", "load"], {
      cols: 200,
      rows: 60,
      name: "xterm-256color",
      env: { ...process.env, TMUX: "" },
    });
    client.onData((d) => {
      bytes += Buffer.byteLength(d);
    });
    return {
      serverPid,
      clientPid: client.pid,
      bytes: () => bytes,
      stop: () => {
        client.kill();
        tmux("kill-server");
      },
    };
  } catch (err) {
    tmux("kill-server");
    throw err;
  }
}

export async function tmuxReference(panes: number, rate: number, seconds: number): Promise<TmuxReference | null> {
  const running = startTmuxReference(panes, rate);
  if (!running) return null;
  try {
    await new Promise((r) => setTimeout(r, 1500)); // warm-up
    const bytes0 = running.bytes();
    const perSecond = clockTicks();
    const cpu = (): number => cpuSeconds(running.serverPid, perSecond) + cpuSeconds(running.clientPid, perSecond);
    const t0 = cpu();
    const start = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const wall = (performance.now() - start) / 1000;
    const used = cpu() - t0;
    const rss = rssMb(running.serverPid) + rssMb(running.clientPid);
    return { cpuCores: used / wall, rssMb: rss, bytes: running.bytes() - bytes0 };
  } finally {
    running.stop();
  }
}
