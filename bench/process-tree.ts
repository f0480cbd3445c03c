/** A process tree's memory from outside (/proc), for the benches that measure a harness and everything it starts. */
import { readdirSync, readFileSync } from "node:fs";
import { rssMb } from "./proc-stat.js";

/** Every process whose ancestry reaches `root`, root included (from /proc's parent ids). */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // gone meanwhile
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const [pid, ppid] of parent) if (ppid === out[i]) out.push(pid);
  return out;
}

/** The summed resident memory of the tree now, in MB (a process gone meanwhile counts nothing). */
export function treeRssMb(root: number): number {
  let sum = 0;
  for (const pid of processTree(root)) {
    try {
      const mb = rssMb(pid);
      if (Number.isFinite(mb)) sum += mb;
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}
