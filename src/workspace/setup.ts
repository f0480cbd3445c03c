/**
 * The workspace setup command (config `workspace.setup`, e.g. "npm ci"): run with `sh -c` in a new
 * worktree before the agent starts, its output passed on as it arrives, bounded by a timeout. It
 * runs on the injected spawner, so it leads its own process group and dies with hmux; a timeout
 * stops the whole group. Failing or hanging refuses the launch with the exit code and the output's tail.
 */
import type { Clock, Spawner } from "../core/exec/ports.js";
import { WorkspaceError } from "./errors.js";

export interface SetupRequest {
  readonly command: string;
  readonly cwd: string;
  readonly env: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  /** Each chunk of the command's stdout and stderr, as it arrives. */
  readonly onOutput: (text: string) => void;
}

const TAIL_BYTES = 2_000;
/** After TERM at the timeout, how long the group gets before KILL. */
const KILL_GRACE_MS = 2_000;

export async function runSetup(ports: { spawner: Spawner; clock: Clock }, request: SetupRequest): Promise<void> {
  const child = ports.spawner.spawn({
    argv: ["sh", "-c", request.command],
    cwd: request.cwd,
    env: request.env,
    stdin: "close",
  });
  let tail = "";
  const decoder = new TextDecoder();
  const take = (chunk: Uint8Array) => {
    const text = decoder.decode(chunk, { stream: true });
    tail = (tail + text).slice(-TAIL_BYTES);
    request.onOutput(text);
  };
  child.onStdout(take);
  child.onStderr(take);
  let timedOut = false;
  let killTimer: unknown;
  const timer = ports.clock.setTimeout(() => {
    timedOut = true;
    child.kill("SIGTERM");
    killTimer = ports.clock.setTimeout(() => child.kill("SIGKILL"), KILL_GRACE_MS);
  }, request.timeoutMs);
  const status = await child.exited;
  ports.clock.clearTimeout(timer);
  if (killTimer !== undefined) ports.clock.clearTimeout(killTimer);
  const shown = tail.trim() === "" ? "(no output)" : tail.trimEnd();
  if (status.spawnError !== undefined) {
    throw new WorkspaceError(`the workspace setup command could not start: ${status.spawnError}`, {
      issue: "workspace-setup-failed",
      hint: "check config workspace.setup",
    });
  }
  if (timedOut) {
    throw new WorkspaceError(
      `the workspace setup command ${JSON.stringify(request.command)} did not finish within ${request.timeoutMs / 1000} s and was stopped; its last output:\n${shown}`,
      {
        issue: "workspace-setup-failed",
        hint: "raise config workspace.setupTimeout (seconds) or make the command faster",
      },
    );
  }
  if (status.code !== 0) {
    const how = status.code === null ? `was killed by ${status.signal}` : `exited with code ${status.code}`;
    throw new WorkspaceError(
      `the workspace setup command ${JSON.stringify(request.command)} ${how}, so the session was not started; its last output:\n${shown}`,
      { issue: "workspace-setup-failed", hint: "fix the command (config workspace.setup) and launch again" },
    );
  }
}
