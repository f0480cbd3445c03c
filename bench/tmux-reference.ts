/**
 * tmux under the TUI bench's load, for reference: a private tmux server with 8 panes tiled in a
 * 200×60 window, each running a process that prints 100 lines a second of the synthetic words, and
 * one attached client on a pty. Measures the tmux server and client's CPU (from /proc/<pid>/stat),
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

const PRINTER = `const w="the quick brown fox reads a file then runs the tests and writes a short summary".split(" ");let n=0;setInterval(()=>{n++;process.stdout.write(Array.from({length:3+(n%9)},(_,i)=>w[(n*7+i)%w.length]).join(" ")+"\\n")},10)`;

export async function tmuxReference(panes: number, seconds: number): Promise<TmuxReference | null> {
  if (spawnSync("tmux", ["-V"]).status !== 0) return null;
  const socket = `hmux-bench-${process.pid}`;
  const tmux = (...args: string[]): string =>
    spawnSync("tmux", ["-L", socket, "-f", "/dev/null", ...args], { encoding: "utf8" }).stdout;
  const printer = `${JSON.stringify(process.execPath)} -e ${JSON.stringify(PRINTER).replace(/\$/g, "\\$")}`;
  try {
    tmux("new-session", "-d", "-x", "200", "-y", "60", "-s", "load", printer);
    for (let i = 1; i < panes; i++) {
      tmux("split-window", "-t", "load", printer);
      tmux("select-layout", "-t", "load", "tiled");
    }
    const server = Number(tmux("display-message", "-p", "-t", "load", "#{pid}").trim());
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
    await new Promise((r) => setTimeout(r, 1500)); // warm-up
    const bytes0 = bytes;
    const perSecond = clockTicks();
    const t0 = cpuSeconds(server, perSecond) + cpuSeconds(client.pid, perSecond);
    const start = performance.now();
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const wall = (performance.now() - start) / 1000;
    const used = cpuSeconds(server, perSecond) + cpuSeconds(client.pid, perSecond) - t0;
    const rss = rssMb(server) + rssMb(client.pid);
    const written = bytes - bytes0;
    client.kill();
    return { cpuCores: used / wall, rssMb: rss, bytes: written };
  } finally {
    tmux("kill-server");
  }
}
