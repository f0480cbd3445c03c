/**
 * A pty's slave side, held open by hmux until the pane's process has ended. node-pty closes the
 * master once a read of it fails with EIO (no process has the slave open any more), and closing
 * the master hangs the terminal's session up: a program that closes its terminal before it exits
 * (GNU cat closes stdout on its way out) would die of that SIGHUP and read as killed, a clean exit
 * lost. While hmux holds the slave the master sees no EIO, so the process ends as it means to and
 * node-pty's waitpid takes its real status; once the process has ended (a SIGCHLD, then its /proc
 * entry a zombie or gone) the hold is let go and the master closes as before. A SIGHUP from
 * anywhere else still kills it, and still reads as a kill. Linux only (it reads /proc); elsewhere
 * nothing is held.
 */
import { closeSync, constants, openSync, readFileSync } from "node:fs";

const holds = new Map<number, () => void>();

function onChildEnded(): void {
  for (const [pid, release] of holds) if (ended(pid)) release();
}

/** Holds the terminal `ptsName` of process `pid` open until that process ends; returns the early release. */
export function holdTerminal(pid: number, ptsName: string | undefined): () => void {
  if (process.platform !== "linux" || !ptsName) return () => undefined;
  let fd: number;
  try {
    // O_NOCTTY: the pane's terminal must never become hmux's own.
    fd = openSync(ptsName, constants.O_RDWR | constants.O_NOCTTY | constants.O_NONBLOCK);
  } catch {
    return () => undefined;
  }
  let held = true;
  const release = (): void => {
    if (!held) return;
    held = false;
    holds.delete(pid);
    if (holds.size === 0) process.removeListener("SIGCHLD", onChildEnded);
    try {
      closeSync(fd);
    } catch {
      // already closed
    }
  };
  if (holds.size === 0) process.on("SIGCHLD", onChildEnded);
  holds.set(pid, release);
  // It may have ended before the listener was there.
  if (ended(pid)) release();
  return release;
}

/** Whether the process has ended: a zombie waiting to be reaped, or reaped already. */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.charAt(stat.lastIndexOf(")") + 2) === "Z";
  } catch {
    return true;
  }
}
