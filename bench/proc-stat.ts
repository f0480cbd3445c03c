/** A process's CPU time and memory, read from Linux's /proc, for the benches that measure a process from outside. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The kernel's clock ticks per second, in which /proc/<pid>/stat counts CPU time (100 when getconf cannot say). */
export function clockTicks(): number {
  const r = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const n = Number(String(r.stdout).trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
}

/** User + system CPU seconds of a process so far (/proc/<pid>/stat, fields 14 and 15). */
export function cpuSeconds(pid: number, ticksPerSecond: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** A process's resident memory now, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/** A process's resident memory now, in MB, and its anonymous and file-backed parts (RssAnon, RssFile). */
export function memoryMb(pid: number): { readonly rss: number; readonly anon: number; readonly file: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string): number => {
    const m = new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  };
  return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") };
}

/**
 * A process's anonymous resident memory now, in MB, from /proc/<pid>/smaps_rollup ("Anonymous"):
 * what the process itself allocated (heap, JIT code, buffers), without the binary and libraries
 * mapped from disk, which do not grow with use.
 */
export function anonymousRssMb(pid: number): number {
  const m = /^Anonymous:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}
