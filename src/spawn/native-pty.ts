/**
 * The real pty behind a native pane (src/native/pty-port.ts describes it): raw bytes out,
 * resize, pause/resume for backpressure, and signals to the whole process group.
 */

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PtyFactory } from "../core/exec/pty-port.js";
import { invariant } from "../core/invariant.js";
import { nodePty } from "./node-pty-module.js";
import { holdTerminal } from "./pty-hold.js";

export const spawnPty: PtyFactory = (request) => {
  const [file, ...args] = request.argv;
  invariant(file, "a native pane's plan names its command");
  const pty = nodePty().spawn(file, args, {
    name: request.env.TERM ?? "xterm-256color",
    cols: Math.max(1, request.cols),
    rows: Math.max(1, request.rows),
    cwd: request.cwd,
    env: { ...request.env },
    encoding: null, // raw bytes: xterm decodes UTF-8 across chunk boundaries itself
  });
  let exited = false;
  const release = holdTerminal(pty.pid, (pty as { ptsName?: string }).ptsName);
  pty.onExit(() => {
    exited = true;
    release();
  });
  return {
    pid: pty.pid,
    // With encoding null node-pty hands out Buffers, though its typings say string.
    onData: (listener) =>
      void pty.onData((d: string | Uint8Array) => listener(typeof d === "string" ? Buffer.from(d, "utf8") : d)),
    onExit: (listener) =>
      void pty.onExit(({ exitCode, signal }) => listener({ code: signal ? null : exitCode, signal: signal || null })),
    write: (data) => {
      if (!exited) pty.write(data);
    },
    resize: (cols, rows) => {
      if (!exited) pty.resize(Math.max(1, cols), Math.max(1, rows));
    },
    pause: () => pty.pause(),
    resume: () => pty.resume(),
    kill: (signal) => {
      if (exited) return;
      // A SIGKILL is the last word: the pane's session goes whole, the jobs a shell put in groups
      // of their own too, whether or not the leash (which would see to them) got to run first.
      if (signal === "SIGKILL") killSession(pty.pid);
      try {
        process.kill(-pty.pid, signal); // forkpty made the child a group leader
      } catch {
        try {
          process.kill(pty.pid, signal);
        } catch {
          // ESRCH: already gone
        }
      }
    },
  };
};

/**
 * SIGKILLs every process of the session `leader` leads (forkpty made the pane's process a session
 * leader), but the leader, which the caller signals itself. Linux only (/proc); elsewhere the group's signal is all.
 */
function killSession(leader: number): void {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === leader) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After the command in parentheses: state ppid pgrp session …
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) === leader) process.kill(Number(name), "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}

const PTY_LEASH = fileURLToPath(new URL("./pty-leash.mjs", import.meta.url));

/**
 * The same pty with its process started through the pty leash (pty-leash.mjs), which leads the
 * pty's session: when the pane is hung up (hmux's kill, or hmux dying and the master closing),
 * every process in the session goes, jobs a shell moved to other groups included. Its grace is
 * shorter than a pane's close (NativeTerminal.close), so the leash is done before hmux escalates.
 */
export function leashedPty(spawn: PtyFactory = spawnPty, graceMs = 1000): PtyFactory {
  return (request) => spawn({ ...request, argv: [process.execPath, PTY_LEASH, String(graceMs), ...request.argv] });
}
