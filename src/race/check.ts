/**
 * The race's check command (`--check "npm test"`), run with `sh -c` in a contestant's worktree
 * after its turn. It leads its own process group (the spawner's), so a check that hangs is stopped
 * whole at its timeout: TERM, then KILL after a grace. Never throws: a check that cannot start, fails
 * or hangs is a result on the scorecard, not the end of the race.
 */
import type { Clock, Spawner } from "../core/exec/ports.js";
import type { CheckResult } from "./scorecard-schema.js";

export interface CheckRequest {
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Stops the check early (the race was interrupted): it is then reported as not passed. */
  readonly signal?: AbortSignal;
}

const TAIL_CHARS = 2_000;
const KILL_GRACE_MS = 2_000;

export async function runCheck(ports: { spawner: Spawner; clock: Clock }, request: CheckRequest): Promise<CheckResult> {
  const started = ports.clock.now();
  const child = ports.spawner.spawn({
    argv: ["sh", "-c", request.command],
    cwd: request.cwd,
    env: request.env,
    stdin: "close",
  });
  let tail = "";
  const decoder = new TextDecoder();
  const take = (chunk: Uint8Array) => {
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-TAIL_CHARS);
  };
  child.onStdout(take);
  child.onStderr(take);
  let timedOut = false;
  let killTimer: unknown;
  const stop = () => {
    child.kill("SIGTERM");
    killTimer ??= ports.clock.setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
  };
  const timer = ports.clock.setTimeout(() => {
    timedOut = true;
    stop();
  }, request.timeoutMs);
  request.signal?.addEventListener("abort", stop, { once: true });
  const status = await child.exited;
  request.signal?.removeEventListener("abort", stop);
  ports.clock.clearTimeout(timer);
  if (killTimer !== undefined) ports.clock.clearTimeout(killTimer);
  const durationMs = Math.max(0, Math.round(ports.clock.now() - started));
  const base = { command: request.command, durationMs, timedOut, outputTail: tail.trimEnd() };
  if (status.spawnError !== undefined)
    return { ...base, exitCode: null, passed: false, error: `could not start sh: ${status.spawnError}` };
  const exitCode = timedOut ? null : status.code;
  return { ...base, exitCode, passed: exitCode === 0 && request.signal?.aborted !== true };
}
