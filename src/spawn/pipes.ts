/**
 * The pipe spawner: every JSON protocol runs here (a pty echoes input, cuts lines at
 * 4095 bytes and merges stderr). Each child leads its own process group so a kill reaches
 * what it spawned too: killing the codex wrapper alone on node 20 orphans the native binary.
 */
import { type ChildProcess, spawn as spawnChild } from "node:child_process";
import type { ChildProcessHandle, ExitStatus, Signal, Spawner, SpawnRequest } from "../core/exec/ports.js";
import { ChunkFanout, signalGroup } from "./fanout.js";

export interface PipeSpawnerOptions {
  /**
   * After the child exits, how long to wait for its stdout/stderr to close. A grandchild
   * that inherited the pipe can hold it open forever; past this grace we stop reading.
   */
  readonly drainGraceMs?: number;
}

export const DEFAULT_DRAIN_GRACE_MS = 2_000;

export function createPipeSpawner(options: PipeSpawnerOptions = {}): Spawner {
  const grace = options.drainGraceMs ?? DEFAULT_DRAIN_GRACE_MS;
  return { kind: "pipe", spawn: (request) => spawnOnPipes(request, grace) };
}

function spawnOnPipes(request: SpawnRequest, drainGraceMs: number): ChildProcessHandle {
  const stdout = new ChunkFanout();
  const stderr = new ChunkFanout();
  const [file, ...args] = request.argv;
  let child: ChildProcess;
  try {
    if (!file) throw new Error("empty argv");
    child = spawnChild(file, args, {
      cwd: request.cwd,
      env: { ...request.env },
      stdio: [request.stdin === "pipe" ? "pipe" : "ignore", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });
  } catch (err) {
    // A synchronous failure (bad argument, NUL in env) is a spawn error like ENOENT.
    return failedHandle(spawnErrorText(err, file, request.cwd));
  }

  let exitedOnce = false;
  const exited = new Promise<ExitStatus>((resolve) => {
    let status: ExitStatus | undefined;
    let streamsClosed = false;
    let graceTimer: NodeJS.Timeout | undefined;
    const settle = () => {
      if (!status || exitedOnce) return;
      exitedOnce = true;
      if (graceTimer) clearTimeout(graceTimer);
      resolve(status);
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
