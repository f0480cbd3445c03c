// The pty leash: a pane's process starts through this wrapper, which leads the pty's session, so
// nothing the pane started outlives its supervisor. The kernel hangs the session leader up when the
// pty's master closes (hmux ended, even by SIGKILL); hmux hangs it up on kill. Either way, or when
// the pane's own process ends, the wrapper signals every process still in its session — the pane's
// process and the jobs a shell put in other process groups, which a hangup of one group would miss —
// HUP (and CONT, so a stopped job hears it), then KILL after a grace. Plain JavaScript with only
// node: imports. Linux finds the session's processes in /proc; elsewhere the pane's group is signalled.
// Usage: node pty-leash.mjs <graceMs> <file> [args...]
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const [graceText, file, ...args] = process.argv.slice(2);
const graceMs = Number(graceText) > 0 ? Number(graceText) : 1000;
const session = process.pid;

/** Pids of the processes in this wrapper's session, itself left out. */
function sessionPids() {
  let entries;
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  const pids = [];
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === session) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // After the command in parentheses: state ppid pgrp session …
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // A zombie has ended already; it waits only for its parent to reap it.
      if (Number(fields[3]) === session && fields[0] !== "Z") pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

function signalSession(signal) {
  const pids = sessionPids();
  if (pids === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // the group is gone
    }
    return;
  }
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
      if (signal === "SIGHUP") process.kill(pid, "SIGCONT");
    } catch {
      // gone meanwhile
    }
  }
}

let ending = false;
let childSignal = null;
let exitCode = null;

/** Leaves as the pane's process did: by its signal (so hmux sees how it ended), or with its code. */
function finish(code) {
  if (childSignal) {
    process.removeAllListeners(childSignal);
    try {
      process.kill(process.pid, childSignal);
    } catch {
      // not a signal this platform delivers
    }
  }
  process.exit(code);
}

/** Hangs the session up, then kills what is left; leaves once nothing is. */
function end(code) {
  if (ending) return;
  ending = true;
  signalSession("SIGHUP");
  const poll = setInterval(() => {
    const left = sessionPids();
    if (left !== null && left.length === 0 && exitCode !== null) finish(exitCode);
  }, 50);
  setTimeout(() => {
    clearInterval(poll);
    signalSession("SIGKILL");
    setTimeout(() => finish(exitCode ?? code), 100);
  }, graceMs);
}

const child = spawn(file, args, { stdio: "inherit", env: process.env });
child.on("error", (err) => {
  process.stderr.write(`${file}: ${err.message}\n`);
  process.exit(127);
});
child.on("exit", (code, signal) => {
  // The pane's own process ended: its status is the pane's; what it left behind is hung up.
  childSignal = signal;
  exitCode = code ?? 1;
  const left = sessionPids();
  if (left !== null && left.length === 0) finish(exitCode);
  else end(exitCode);
});
// A hangup (the master closed, or hmux's kill) and TERM end the session. The keys a person types
// signal the terminal's foreground group, which may include this wrapper: Ctrl-C, Ctrl-\ and
// Ctrl-Z are the pane's, never the wrapper's.
for (const name of ["SIGHUP", "SIGTERM"]) process.on(name, () => end(129));
for (const name of ["SIGINT", "SIGQUIT", "SIGTSTP"]) process.on(name, () => undefined);
// A supervisor that died without the kernel's hangup reaching here (the master held elsewhere):
// this process is handed to another parent.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) end(129);
}, 1000).unref();
