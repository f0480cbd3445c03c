import { existsSync, readFileSync } from "node:fs";

/**
 * Whether a pid still runs a process: the one answer for every "is its maker still there?" (a
 * dead server's sessions to restore, a journal's run, a SIGKILLed hmux's temp dirs to sweep).
 * A killed process nobody reaped yet (a zombie: common in a container whose pid 1 reaps
 * nothing) still answers signal 0 but runs nothing; /proc's state letter tells the two apart
 * where there is a /proc.
 */
export function pidAlive(pid: number, readStat: (pid: number) => string | null = procStat): boolean {
  const stat = readStat(pid);
  if (stat !== null) {
    // "<pid> (<comm>) <state> …": the name may hold spaces and parentheses, the state follows the last ")".
    const state = stat.slice(stat.lastIndexOf(")") + 1).trim()[0];
    return state !== undefined && !DEAD_STATES.has(state);
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Z (zombie) and X (dead) hold a pid but run nothing. */
const DEAD_STATES: ReadonlySet<string> = new Set(["Z", "X", "x"]);

/** /proc/<pid>/stat, "" when /proc has no such pid, null when there is no /proc to ask. */
function procStat(pid: number): string | null {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT" && existsSync("/proc/self/stat")) return "";
    return null;
  }
}
