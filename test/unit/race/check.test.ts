import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../../src/main/system-clock.js";
import { runCheck } from "../../../src/race/check.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";

const ports = { spawner: createPipeSpawner(), clock: systemClock };
const env = { PATH: process.env.PATH ?? "/usr/bin:/bin" };
let dir = "";
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = "";
});

describe("a race's check command", () => {
  it("reports its exit code, its duration and the tail of what it printed", async () => {
    dir = mkdtempSync(join(tmpdir(), "hmux-check-"));
    const r = await runCheck(ports, { command: "echo out; echo err >&2; exit 3", cwd: dir, env, timeoutMs: 10_000 });
    expect(r).toMatchObject({ exitCode: 3, passed: false, timedOut: false });
    expect(r.outputTail).toMatch(/out\n?.*err|err\n?.*out/s);
    const ok = await runCheck(ports, { command: "true", cwd: dir, env, timeoutMs: 10_000 });
    expect(ok).toMatchObject({ exitCode: 0, passed: true });
  });

  it("is a failed result, not a throw, when it cannot start", async () => {
    const r = await runCheck(ports, { command: "true", cwd: "/nonexistent/hmux-check", env, timeoutMs: 10_000 });
    expect(r.passed).toBe(false);
    expect(r.exitCode).toBeNull();
    expect(r.error).toMatch(/could not start/);
  });

  it("stops its whole process group when the race is interrupted", async () => {
    dir = mkdtempSync(join(tmpdir(), "hmux-check-"));
    const abort = new AbortController();
    const started = Date.now();
    const pending = runCheck(ports, {
      command: "sleep 30 & sleep 30; wait",
      cwd: dir,
      env,
      timeoutMs: 60_000,
      signal: abort.signal,
    });
    setTimeout(() => abort.abort(), 200);
    const r = await pending;
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.passed).toBe(false);
    expect(r.timedOut).toBe(false);
  });
});
