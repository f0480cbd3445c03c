/**
 * One turn through hmux's real path, the same pieces `hmux run` wires together: the registry's
 * adapter → option resolution → planTurn (with --endpoint and --isolate) → runTurn with the
 * real pipe or pty spawner. The spawner is wrapped only to observe: which process groups were
 * started, and whether stdin was closed, so tests can prove nothing is left behind or open.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { adapterFor } from "../../../src/adapters/registry.js";
import type { HarnessEvent } from "../../../src/core/events.js";
import type { ChildProcessHandle, Spawner, SpawnRequest } from "../../../src/core/exec/ports.js";
import { runTurn } from "../../../src/core/exec/run-turn.js";
import type { HarnessName } from "../../../src/core/harness-names.js";
import { resolveTurnOptions } from "../../../src/core/options/resolve.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { composePrompt } from "../../../src/core/question.js";
import { systemClock } from "../../../src/main/system-clock.js";
import { resolveBinary } from "../../../src/spawn/binaries.js";
import { nodeFileSystem } from "../../../src/spawn/fs.js";
import { createPipeSpawner } from "../../../src/spawn/pipes.js";
import { createPtySpawner } from "../../../src/spawn/pty.js";

export type Done = Extract<HarnessEvent, { kind: "done" }>;

export interface SpawnObservation {
  readonly request: SpawnRequest;
  readonly pid: number | undefined;
  stdinEnded: boolean;
}

export interface HmuxTurnOptions {
  readonly endpoint: string;
  readonly transport?: "pipe" | "pty";
  readonly resume?: string;
  readonly timeoutSeconds?: number;
  readonly stallSeconds?: number;
  /** Extra settings as a user would pass them (model, autonomy …). */
  readonly settings?: TurnOptions;
  /** Reuse an earlier turn's folders (home, cwd, isolated state): resume needs the same ones. */
  readonly root?: string;
}

export interface HmuxTurnResult {
  readonly events: readonly HarnessEvent[];
  readonly done: Done;
  readonly spawns: readonly SpawnObservation[];
  readonly ms: number;
  /** The folders this turn used; pass as `root` to continue in them. */
  readonly root: string;
  readonly cwd: string;
}

const allSpawns: SpawnObservation[] = [];
const tempDirs: string[] = [];

/** Every spawn any turn in this worker made (for the no-process-left-behind check). */
export function spawnedSoFar(): readonly SpawnObservation[] {
  return [...allSpawns];
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

function observing(inner: Spawner, into: SpawnObservation[]): Spawner {
  return {
    kind: inner.kind,
    spawn(request: SpawnRequest): ChildProcessHandle {
      const handle = inner.spawn(request);
      const seen: SpawnObservation = { request, pid: handle.pid, stdinEnded: request.stdin === "close" };
      into.push(seen);
      allSpawns.push(seen);
      return {
        get pid() {
          return handle.pid;
        },
        onStdout: (l) => handle.onStdout(l),
        onStderr: (l) => handle.onStderr(l),
        write: (d) => handle.write(d),
        endStdin: () => {
          seen.stdinEnded = true;
          handle.endStdin();
        },
        kill: (s) => handle.kill(s),
        exited: handle.exited,
      };
    },
  };
}

export async function hmuxTurn(harness: HarnessName, prompt: string, opts: HmuxTurnOptions): Promise<HmuxTurnResult> {
  const adapter = adapterFor(harness);
  const root = opts.root ?? tempDir(`hmux-live-${harness}-`);
  const home = join(root, "home");
  const cwd = join(root, "work");
  mkdirSync(home, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  const stateDir = join(root, "state");
  mkdirSync(stateDir, { recursive: true });
  // Built from scratch: nothing of the test runner's environment leaks into the harness.
  const baseEnv: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8", HOME: home };
  const args: TurnOptions = {
    ...opts.settings,
    endpoint: opts.endpoint,
    isolate: true,
    ...(opts.timeoutSeconds !== undefined ? { timeoutSeconds: opts.timeoutSeconds } : {}),
    ...(opts.stallSeconds !== undefined ? { stallSeconds: opts.stallSeconds } : {}),
  };
  const resolved = resolveTurnOptions({
    harness,
    expresses: adapter.descriptor.expresses,
    mode: opts.resume ? "resume" : "launch",
    args,
  });
  const options = resolved.options;
  const request = {
    options,
    inputs: {
      prompt,
      explicitPrompt: true,
      cwd,
      env: {},
      passthrough: [],
      ...(opts.resume ? { resume: opts.resume } : {}),
    },
    prompt: composePrompt(prompt, options.escalateQuestions === false ? "no-escalate" : "turn"),
    stateDir,
    host: { isRoot: process.getuid?.() === 0, env: baseEnv },
  };
  const found = resolveBinary(adapter, { env: process.env });
  if (!found.ok) throw new Error(`${harness}: ${found.message} (${found.hint})`);
  const spawns: SpawnObservation[] = [];
  const spawner = observing(opts.transport === "pty" ? createPtySpawner() : createPipeSpawner(), spawns);
  const started = Date.now();
  const events: HarnessEvent[] = [];
  for await (const event of runTurn(
    { spawner, clock: systemClock, fs: nodeFileSystem },
    {
      harness,
      plan: () => adapter.planTurn(request),
      createDecoder: () => adapter.createDecoder(opts.resume ? { requestedSessionId: opts.resume } : {}),
      executable: found.binary.executable,
      executablePrefix: found.binary.prefixArgs,
      cwd,
      baseEnv,
      ...(options.timeoutSeconds ? { timeoutMs: options.timeoutSeconds * 1000 } : {}),
      ...(options.stallSeconds ? { stallMs: options.stallSeconds * 1000 } : {}),
      escalateQuestions: options.escalateQuestions ?? true,
      matchers: adapter.matchers,
    },
  ))
    events.push(event);
  const done = events.at(-1);
  if (done?.kind !== "done")
    throw new Error(`${harness}: the turn did not end with done: ${JSON.stringify(events.slice(-3))}`);
  return { events, done, spawns, ms: Date.now() - started, root, cwd };
}

/** A short account of a turn for assertion messages. */
export function describeTurn(r: HmuxTurnResult): string {
  const lines = r.events.slice(-12).map((e) => JSON.stringify(e).slice(0, 400));
  return `${r.ms} ms, argv ${JSON.stringify(r.spawns[0]?.request.argv)}\n${lines.join("\n")}`;
}

export function groupAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
