/**
 * The pipe spawner: every JSON protocol runs here (a pty echoes input, cuts lines at
 * 4095 bytes and merges stderr). Each child leads its own process group so a kill reaches
 * what it spawned too: killing the codex wrapper alone on node 20 orphans the native binary.
 *
 * The group is led by the leash (leash.mjs), which starts the harness and holds a socket to
 * hmux on its fd 3: when hmux dies, however it dies, the leash sees end-of-file and takes the
 * group down, so no harness outlives its supervisor. A harness whose stdin is a pipe from hmux
 * would see EOF too, but a one-shot turn's harness reads nothing and would run on to its end.
 */

import { type ChildProcess, spawn as spawnChild } from "node:child_process";
import type { Duplex } from "node:stream";
import { fileURLToPath } from "node:url";
import type { ChildProcessHandle, ExitStatus, Signal, Spawner, SpawnRequest } from "../core/exec/ports.js";
import { invariant } from "../core/invariant.js";
import { ChunkFanout, signalGroup } from "./fanout.js";
import { resolveExecutable } from "./resolve-executable.js";

export interface PipeSpawnerOptions {
  /**
   * After the child exits, how long to wait for its stdout/stderr to close. A grandchild
   * that inherited the pipe can hold it open forever; past this grace we stop reading.
   */
  readonly drainGraceMs?: number;
  /** After hmux dies, how long the leash waits between TERM and KILL of the group. */
  readonly leashGraceMs?: number;
}

export const DEFAULT_DRAIN_GRACE_MS = 2_000;
export const DEFAULT_LEASH_GRACE_MS = 2_000;
const LEASH = fileURLToPath(new URL("./leash.mjs", import.meta.url));

export function createPipeSpawner(options: PipeSpawnerOptions = {}): Spawner {
  const grace = options.drainGraceMs ?? DEFAULT_DRAIN_GRACE_MS;
  const leashGrace = options.leashGraceMs ?? DEFAULT_LEASH_GRACE_MS;
  return { kind: "pipe", spawn: (request) => spawnOnPipes(request, grace, leashGrace) };
}

function spawnOnPipes(request: SpawnRequest, drainGraceMs: number, leashGraceMs: number): ChildProcessHandle {
  const stdout = new ChunkFanout();
  const stderr = new ChunkFanout();
  const [file, ...args] = request.argv;
  let child: ChildProcess;
  try {
    invariant(file, "a spawn request names its program");
    // Checked here, before the leash starts, so a missing binary reads as before: no process.
    const resolved = resolveExecutable(file, request.env.PATH, request.cwd);
    if (!resolved.ok) return failedHandle(spawnErrorText(resolved.error, file, request.cwd));
    child = spawnChild(process.execPath, [LEASH, String(leashGraceMs), resolved.path, ...args], {
      cwd: request.cwd,
      env: { ...request.env },
      stdio: [request.stdin === "pipe" ? "pipe" : "ignore", "pipe", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });
  } catch (err) {
    // A synchronous failure (bad argument, NUL in env) is a spawn error like ENOENT.
    return failedHandle(spawnErrorText(err, file, request.cwd));
  }
  // The leash's end stays open for the child's whole life; only hmux's death closes it.
  const leash = child.stdio[3] as Duplex | null;
  let leashReport = "";
  leash?.on("data", (chunk: Buffer) => {
    // Only a start error is ever reported here; anything longer is not the leash talking.
    if (leashReport.length < 4096) leashReport += chunk.toString("utf8");
  });
  leash?.on("error", () => undefined);

  let exitedOnce = false;
  const exited = new Promise<ExitStatus>((resolve) => {
    let status: ExitStatus | undefined;
    let streamsClosed = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const settle = () => {
      if (!status || exitedOnce) return;
      exitedOnce = true;
      if (graceTimer) clearTimeout(graceTimer);
      // Read at the end: the leash's report may arrive after its exit event.
      const startError = leashSpawnError(leashReport, file, request.cwd);
      resolve(startError ? { code: null, signal: null, spawnError: startError } : status);
    };
    child.on("error", (err) => {
      // Only a start failure ends the handle; a later 'error' (kill of a dead pid) is noise.
      if (child.pid === undefined && !status) {
        status = { code: null, signal: null, spawnError: spawnErrorText(err, file, request.cwd) };
        settle();
      }
    });
    child.on("exit", (code, signal) => {
      status = { code, signal };
      // What is left is at most a pipe buffer: read it now so 'close' can come (and no pause can strand it).
      child.stdout?.resume();
      child.stderr?.resume();
      if (streamsClosed) return settle();
      graceTimer = setTimeout(() => {
        // A grandchild still holds the pipe: stop reading, keep what was read.
        child.stdout?.destroy();
        child.stderr?.destroy();
        leash?.destroy();
        settle();
      }, drainGraceMs);
    });
    child.on("close", () => {
      streamsClosed = true;
      settle();
    });
  });

  child.stdout?.on("data", (chunk: Buffer) => stdout.emit(chunk));
  child.stderr?.on("data", (chunk: Buffer) => stderr.emit(chunk));
  // EPIPE on a child that stopped reading must not crash hmux.
  child.stdin?.on("error", () => undefined);

  return {
    get pid() {
      return child.pid;
    },
    onStdout: (listener) => stdout.listen(listener),
    onStderr: (listener) => stderr.listen(listener),
    write(data: string): Promise<boolean> {
      const stdin = child.stdin;
      if (!stdin || stdin.destroyed || !stdin.writable) return Promise.resolve(false);
      return new Promise((resolve) => {
        stdin.write(data, (err) => resolve(!err));
      });
    },
    endStdin() {
      const stdin = child.stdin;
      if (stdin && !stdin.destroyed) stdin.end();
    },
    kill(signal: Signal) {
      if (child.pid !== undefined) signalGroup(child.pid, signal);
    },
    pause() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.stdout?.pause();
      child.stderr?.pause();
    },
    resume() {
      child.stdout?.resume();
      child.stderr?.resume();
    },
    exited,
  };
}

/** What the leash reported when it could not start the harness (a race with the check above). */
function leashSpawnError(report: string, file: string | undefined, cwd: string): string | undefined {
  const line = report.split("\n")[0]?.trim();
  if (!line) return undefined;
  try {
    const parsed = JSON.parse(line) as { spawnError?: { code?: string | null; message?: string } };
    if (!parsed.spawnError) return undefined;
    const err = Object.assign(new Error(parsed.spawnError.message ?? "spawn failed"), {
      code: parsed.spawnError.code ?? undefined,
    });
    return spawnErrorText(err, file, cwd);
  } catch {
    return undefined;
  }
}

/** The handle of a process that never started: nothing to read, write or kill. */
export function failedHandle(spawnError: string): ChildProcessHandle {
  return {
    pid: undefined,
    onStdout: () => undefined,
    onStderr: () => undefined,
    write: () => Promise.resolve(false),
    endStdin: () => undefined,
    kill: () => undefined,
    exited: Promise.resolve({ code: null, signal: null, spawnError }),
  };
}

export function spawnErrorText(err: unknown, file: string | undefined, cwd: string): string {
  const e = err as NodeJS.ErrnoException;
  const what = file ?? "(nothing)";
  if (e?.code === "ENOENT")
    return `cannot start ${what}: not found (ENOENT; or the working directory ${cwd} does not exist)`;
  if (e?.code === "EACCES") return `cannot start ${what}: permission denied (EACCES; is it executable?)`;
  return `cannot start ${what}: ${e?.message ?? String(err)}`;
}
