/**
 * No process a pane started outlives the pane's SIGKILL, whatever its leash managed: the
 * escalation of a pane's close (NativeTerminal.close) SIGKILLs its whole session, so a job a shell
 * put in a process group of its own goes too, even when the leash never ran to hang it up (a
 * loaded machine; here the leash is stopped, so it cannot).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { leashedPty } from "../../../src/spawn/native-pty.js";

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", TERM: "dumb" };

/** The process's state letter (Z: ended, awaiting its reaper), or null once it is gone. */
function stateOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0]!;
  } catch {
    return null;
  }
}

describe("a leashed pane's SIGKILL", () => {
  it.runIf(process.platform === "linux")(
    "takes the job its shell put in another process group, though the leash never ran",
    async () => {
      // set -m: the job gets a group of its own, which a signal to the pane's group misses.
      const pty = leashedPty()({
        argv: ["/bin/sh", "-c", "set -m; sleep 300 & echo job=$!; wait"],
        cwd: "/",
        env: ENV,
        cols: 80,
        rows: 24,
      });
      let out = "";
      const job = await new Promise<number>((resolve) =>
        pty.onData((d) => {
          out += Buffer.from(d).toString("utf8");
          const m = /job=(\d+)/.exec(out);
          if (m) resolve(Number(m[1]));
        }),
      );
      const exited = new Promise((resolve) => pty.onExit(resolve));
      try {
        // The leash can handle nothing while stopped: only the SIGKILL itself can clear the session.
        process.kill(pty.pid, "SIGSTOP");
        expect(stateOf(job)).toMatch(/^[RSD]$/);
        pty.kill("SIGKILL");
        await exited;
        await expect.poll(() => stateOf(job) ?? "gone", { interval: 5, timeout: 1_000 }).toMatch(/^(Z|gone)$/);
      } finally {
        // A failed run leaves no sleeper behind.
        if (stateOf(job) !== null) process.kill(job, "SIGKILL");
      }
    },
  );
});
