import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { ChildProcessHandle } from "../../../src/core/exec/ports.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
const started: number[] = [];

/** Running, not a zombie waiting for a reaper (an orphan's reaper may be slow here). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) [ZX]/.test(stat);
  } catch {
    return false;
  }
}

function collect(handle: ChildProcessHandle): { out: () => string; err: () => string } {
  const out: Uint8Array[] = [];
  const err: Uint8Array[] = [];
  handle.onStdout((c) => out.push(c));
  handle.onStderr((c) => err.push(c));
  const text = (parts: Uint8Array[]) => Buffer.concat(parts).toString("utf8");
  return { out: () => text(out), err: () => text(err) };
}

async function waitFor(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterEach(() => {
  for (const pid of started.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* gone */
    }
  }
});

describe("pipe spawner", () => {
  it("passes the environment exactly as given, nothing inherited", async () => {
    const handle = createPipeSpawner().spawn({
      argv: ["/bin/sh", "-c", "env"],
      cwd: "/",
      env: { ...ENV, ONLY_ME: "1" },
      stdin: "close",
    });
    const io = collect(handle);
    const status = await handle.exited;
    expect(status.code).toBe(0);
    const keys = io
      .out()
      .trim()
      .split("\n")
      .map((l) => l.split("=")[0])
      .filter((k) => k !== "PWD" && k !== "SHLVL" && k !== "_");
    expect(keys.sort()).toEqual(["ONLY_ME", "PATH"]);
  });

  it("stdin close gives the child EOF at once", async () => {
    const handle = createPipeSpawner().spawn({ argv: ["/bin/cat"], cwd: "/", env: ENV, stdin: "close" });
    const io = collect(handle);
    expect((await handle.exited).code).toBe(0);
    expect(io.out()).toBe("");
  });

  it("stdin pipe carries writes until endStdin", async () => {
    const handle = createPipeSpawner().spawn({ argv: ["/bin/cat"], cwd: "/", env: ENV, stdin: "pipe" });
    const io = collect(handle);
    expect(await handle.write("hello\n")).toBe(true);
    handle.endStdin();
    expect((await handle.exited).code).toBe(0);
    expect(io.out()).toBe("hello\n");
    expect(await handle.write("late")).toBe(false);
  });

  it("a missing binary resolves exited with a spawn error, never throws", async () => {
    const handle = createPipeSpawner().spawn({ argv: ["/nonexistent/hmux-nope"], cwd: "/", env: ENV, stdin: "close" });
    const status = await handle.exited;
    expect(status.spawnError).toMatch(/not found/);
    expect(handle.pid).toBeUndefined();
  });

  it("killing the group also kills a grandchild", async () => {
    const handle = createPipeSpawner().spawn({
      argv: ["/bin/sh", "-c", "sleep 30 & echo $!; wait"],
      cwd: "/",
      env: ENV,
      stdin: "close",
    });
    const io = collect(handle);
    await waitFor(() => io.out().includes("\n"));
    const grandchild = Number(io.out().trim());
    started.push(grandchild, handle.pid!);
    expect(alive(grandchild)).toBe(true);
    handle.kill("SIGTERM");
    const status = await handle.exited;
    expect(status.signal).toBe("SIGTERM");
    await waitFor(() => !alive(grandchild));
  });

  it("exited does not hang when a grandchild holds stdout open", async () => {
    const spawner = createPipeSpawner({ drainGraceMs: 200 });
    const handle = spawner.spawn({
      argv: ["/bin/sh", "-c", "sleep 30 & echo $!; echo bye"],
      cwd: "/",
      env: ENV,
      stdin: "close",
    });
    const io = collect(handle);
    const t0 = Date.now();
    const status = await handle.exited;
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(status.code).toBe(0);
    const [grandchild, bye] = io.out().trim().split("\n");
    expect(bye).toBe("bye");
    started.push(Number(grandchild));
    handle.kill("SIGKILL"); // the group outlives its leader: cleanup still reaches the grandchild
    await waitFor(() => !alive(Number(grandchild)));
  });

  it("output written right after start is delivered to a late listener", async () => {
    const handle = createPipeSpawner().spawn({ argv: ["/bin/echo", "early"], cwd: "/", env: ENV, stdin: "close" });
    await new Promise((r) => setTimeout(r, 200));
    const io = collect(handle);
    await handle.exited;
    expect(io.out()).toBe("early\n");
  });
});
