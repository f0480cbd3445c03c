/**
 * Whether a process still runs, for tests that check nothing they started is left behind.
 * `kill(pid, 0)` cannot answer that: a child that exited but was not yet reaped (a zombie)
 * still accepts signal 0, so a test could pass or hang on a process that is already dead. On
 * Linux the state letter in /proc/<pid>/stat tells the two apart; elsewhere signal 0 is all
 * there is.
 */
import { readFileSync } from "node:fs";

/** Z (zombie) and X (dead) hold a pid but run nothing. */
const DEAD_STATES = new Set(["Z", "X", "x"]);

export function alive(pid: number): boolean {
  const state = procState(pid);
  if (state === "absent") return false;
  if (state !== null) return !DEAD_STATES.has(state);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The state letter, "absent" when /proc has no such pid, null when there is no /proc to ask. */
function procState(pid: number): string | "absent" | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") return null;
    return hasProc() ? "absent" : null;
  }
  // "pid (comm) S …": comm may hold spaces and parentheses, so read after the last ')'.
  return stat.slice(stat.lastIndexOf(")") + 1).trim()[0] ?? null;
}

function hasProc(): boolean {
  try {
    readFileSync("/proc/self/stat");
    return true;
  } catch {
    return false;
  }
}
