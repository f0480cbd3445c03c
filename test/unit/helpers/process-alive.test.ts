import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alive } from "../../helpers/process-alive.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("alive() sees a process as it is", () => {
  it("a zombie (exited, never reaped) counts as dead, though it still answers signal 0", async () => {
    // The inner `sleep 0.3` is a child of the shell that then execs `sleep 30`, which never waits for it; it
    // exits only after the exec, so the shell cannot reap it first (as it could a `true` that ended at once).
    const parent = spawn("sh", ["-c", "sleep 0.3 & echo $!; exec sleep 30"], { stdio: ["ignore", "pipe", "ignore"] });
    try {
      const zombie = await new Promise<number>((resolve) =>
        parent.stdout.once("data", (d: Buffer) => resolve(Number(d))),
      );
      const deadline = Date.now() + 5_000;
      while (!readFileSync(`/proc/${zombie}/stat`, "utf8").includes(") Z") && Date.now() < deadline) await sleep(20);
      expect(() => process.kill(zombie, 0)).not.toThrow();
      expect(alive(zombie)).toBe(false);
      expect(alive(parent.pid!)).toBe(true);
    } finally {
      parent.kill("SIGKILL");
      await new Promise((r) => parent.once("exit", r));
    }
  });

  it("a pid that is gone counts as dead", async () => {
    const child = spawn("true");
    await new Promise((r) => child.once("exit", r));
    expect(alive(child.pid!)).toBe(false);
  });
});
