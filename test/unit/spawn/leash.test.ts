import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
const PIPES = join(import.meta.dirname, "..", "..", "..", "src", "spawn", "pipes.ts");
const cleanup: (() => void)[] = [];

afterEach(() => {
  for (const fn of cleanup.splice(0)) fn();
});

/** Running, not a zombie waiting for a reaper. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) [ZX]/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function waitFor(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

describe("the leash: no harness outlives the hmux that started it", () => {
  it("SIGKILL of the supervisor takes down the harness and what it started", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-leash-"));
    cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
    // A stand-in for `hmux run`: spawns a "harness" that ignores TERM, reads nothing and starts a
    // child of its own, then prints both pids and waits.
    const script = join(dir, "supervisor.ts");
    writeFileSync(
      script,
      `import { createPipeSpawner } from ${JSON.stringify(PIPES)};
const h = createPipeSpawner({ leashGraceMs: 300 }).spawn({
  argv: ["/bin/sh", "-c", "trap '' TERM; sleep 60 & echo $!; echo $$; wait"],
  cwd: "/", env: ${JSON.stringify(ENV)}, stdin: "close",
});
h.onStdout((c) => process.stdout.write(c));
setInterval(() => undefined, 1000);
`,
    );
    const supervisor = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "inherit"] });
    cleanup.push(() => supervisor.kill("SIGKILL"));
    let out = "";
    supervisor.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    expect(await waitFor(() => out.trim().split("\n").length >= 2, 20_000)).toBe(true);
    const pids = out.trim().split("\n").map(Number);
    for (const pid of pids) {
      cleanup.push(() => {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          /* gone */
        }
      });
      expect(alive(pid)).toBe(true);
    }
    supervisor.kill("SIGKILL");
    expect(await waitFor(() => pids.every((pid) => !alive(pid)), 10_000)).toBe(true);
  }, 40_000);

  it("a harness killed by a signal reports that signal, not the leash's exit code", async () => {
    const handle = createPipeSpawner().spawn({
      argv: ["/bin/sh", "-c", "kill -TERM $$"],
      cwd: "/",
      env: ENV,
      stdin: "close",
    });
    expect(await handle.exited).toMatchObject({ code: null, signal: "SIGTERM" });
  });

  it("exit codes pass through the leash unchanged", async () => {
    const handle = createPipeSpawner().spawn({ argv: ["/bin/sh", "-c", "exit 7"], cwd: "/", env: ENV, stdin: "close" });
    expect(await handle.exited).toMatchObject({ code: 7, signal: null });
  });

  it("a bare name is found on the child's PATH, not hmux's", async () => {
    const handle = createPipeSpawner().spawn({
      argv: ["true"],
      cwd: "/",
      env: { PATH: "/nonexistent" },
      stdin: "close",
    });
    expect((await handle.exited).spawnError).toMatch(/not found/);
  });
});
