/**
 * Starts a process that outlives its starter: its own session and process group (so a closed
 * terminal's SIGHUP does not reach it), stdin closed, stdout and stderr appended to a log file
 * (0600), cwd `/` (so it holds no directory busy). The starter may exit at once; while it runs,
 * it learns the daemon's exit code if the daemon exits first (a daemon that found a server).
 */
import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";

export interface Daemon {
  /** Null while it runs (or while this process cannot tell). */
  readonly exitCode: number | null;
  /** Its process id, when it started (to stop it later with a signal). */
  readonly pid: number | undefined;
}

export function startDaemon(file: string, args: readonly string[], env: NodeJS.ProcessEnv, logPath: string): Daemon {
  const log = openSync(logPath, "a", 0o600);
  const state: { exitCode: number | null; pid: number | undefined } = { exitCode: null, pid: undefined };
  try {
    const child = spawn(file, [...args], { detached: true, stdio: ["ignore", log, log], env, cwd: "/" });
    child.on("error", () => {
      state.exitCode = 127;
    });
    child.on("exit", (code, signal) => {
      state.exitCode = code ?? (signal ? 128 : 1);
    });
    state.pid = child.pid;
    child.unref();
  } finally {
    closeSync(log);
  }
  return state;
}
