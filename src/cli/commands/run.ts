/**
 * `hmux run <harness> [prompt]`: one headless turn, rendered for a human or as NDJSON.
 * Everything that can be refused is refused before spawn (exit 2, and under --json a
 * failure + done pair as the last lines); after spawn the turn's `done` decides (0 or 1).
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import type { Command } from "commander";
import { hmuxExitCode, INTERRUPT_ABORT } from "../../core/conclude.js";
import type { HarnessEvent } from "../../core/events.js";
import { parseEnvAssignments } from "../../core/exec/env.js";
import { renderResolution } from "../../core/options/render-provenance.js";
import { absentStoreWarning, resumeLastNotice } from "../../core/session-store.js";
import type { CliContext } from "../context.js";
import { recordIsolatedState, releaseIsolatedState } from "../isolated-state.js";
import { lineBoundFromEnv } from "../line-bound.js";
import { HumanRenderer } from "../render/human.js";
import { JsonRenderer } from "../render/json.js";
import type { Output } from "../render/output.js";
import {
  abandonLaunchWorkspace,
  addWorkspaceFlags,
  openLaunchWorkspace,
  releaseLaunchWorkspace,
  setUpLaunchWorkspace,
  snapshotLaunchTurn,
  type WorkspaceFlags,
} from "../workspace-launch.js";
import { addTurnFlags, type RawTurnFlags } from "./run-options.js";
import { type PreparedTurn, prepareTurn } from "./run-prepare.js";
import { runPreparedTurn } from "./run-prepared-turn.js";

export interface RunFlags extends RawTurnFlags, WorkspaceFlags {
  json?: boolean;
  verbose?: boolean;
}

export function register(program: Command, context: CliContext): void {
  const cmd = program
    .command("run")
    .description("run one headless turn: hmux run <harness> [prompt] [flags] [-- native args]")
    .argument("<harness>", context.registry.names.join(" | "))
    .argument("[prompt]", "the prompt (use --prompt for one that starts with '-')")
    .option("--json", "NDJSON HarnessEvents on stdout")
    .option("--verbose", "also show non-JSON harness lines and progress (human mode)");
  addTurnFlags(cmd);
  addWorkspaceFlags(cmd);
  cmd.action(async (harness: string, prompt: string | undefined, flags: RunFlags, self: Command) => {
    process.exitCode = await runCommand(harness, prompt, flags, self, context.output, context);
  });
}

export async function runCommand(
  harnessArg: string,
  positional: string | undefined,
  flags: RunFlags,
  cmd: Command,
  output: Output,
  context: CliContext,
): Promise<number> {
  const lineBound = lineBoundFromEnv(); // checked before prepareTurn creates anything (an isolated state dir)
  const callerEnv = parseEnvAssignments(flags.env ?? []);
  context.launch.harness(harnessArg); // an unknown harness is refused before a worktree is made for it
  const lease = await openLaunchWorkspace(context, {
    cwd: resolvePath(flags.cwd ?? process.cwd()),
    flags,
    harness: harnessArg,
    // A one-shot run has no hmux session of its own; this id stands for it in the workspace registry.
    sessionId: randomUUID(),
    output,
  });
  let prepared: PreparedTurn | undefined;
  try {
    prepared = await prepareTurn({
      harnessArg,
      positional,
      flags: lease ? { ...flags, cwd: lease.entry.path } : flags,
      cmd,
      passthrough: context.passthrough,
      callerEnv,
      registry: context.registry,
      ports: context.launch,
      ...(lease ? { workspace: lease.launch } : {}),
    });
    for (const line of renderResolution(prepared.resolved)) output.err(`${line}\n`);
    for (const note of prepared.notes) output.err(`${note}\n`);
    if (lease) await setUpLaunchWorkspace(context, lease, output);
    // One turn: captured before the harness starts, so `hmux diff --turn` shows exactly its changes.
    if (lease) await snapshotLaunchTurn(context, lease, `run-${new Date(context.clock.now()).toISOString()}`, output);
  } catch (err) {
    if (prepared?.isolated?.fresh) releaseIsolatedState(prepared.isolated.root, prepared.isolated.dir);
    await abandonLaunchWorkspace(context, lease);
    throw err;
  }
  try {
    return await runPrepared(prepared, flags, output, context, lineBound);
  } finally {
    releaseLaunchWorkspace(context, lease);
  }
}

async function runPrepared(
  prepared: PreparedTurn,
  flags: RunFlags,
  output: Output,
  context: CliContext,
  lineBound: { maxLineBytes?: number },
): Promise<number> {
  const abort = new AbortController();
  // Kept (not `once`) for the whole turn: a second Ctrl-C must not kill hmux by default and
  // orphan the harness's group mid-grace; the turn's own TERM → KILL escalation finishes it.
  const stop = () => abort.abort();
  // Ctrl-C is the person interrupting the turn (done `interrupted`); TERM and HUP stop it (`killed`).
  const interrupt = () => abort.abort(INTERRUPT_ABORT);
  const handlers = [
    ["SIGINT", interrupt],
    ["SIGTERM", stop],
    ["SIGHUP", stop],
  ] as const;
  for (const [sig, handler] of handlers) process.on(sig, handler);
  output.onBroken(stop); // the reader left (| head): stop the harness, exit cleanly

  const events = runPreparedTurn(prepared, context, {
    signal: abort.signal,
    ...lineBound,
    leadingEvents: resumeWarnings(prepared),
  });

  const json = new JsonRenderer(output);
  // Dim tool output only on a terminal that wants colour (NO_COLOR: https://no-color.org).
  const color = process.stderr.isTTY === true && !process.env.NO_COLOR;
  const human = new HumanRenderer(output, { verbose: flags.verbose ?? false, color });
  let done: Extract<HarnessEvent, { kind: "done" }> | undefined;
  let sessionKept = false;
  try {
    for await (const event of events) {
      if (flags.json) json.render(event);
      else human.render(event);
      if (event.kind === "done") done = event;
      if (event.kind === "identity" && keepIsolatedState(prepared, event.sessionId, output)) sessionKept = true;
      if (output.broken) break; // abandons the iterator: the child's group is killed and awaited
      if (output.needsDrain) await output.drain(); // a slow reader slows the harness, not hmux's memory
    }
  } finally {
    for (const [sig, handler] of handlers) process.removeListener(sig, handler);
    // A fresh isolated dir no identity indexed holds no session to resume: do not let it pile up.
    if (prepared.isolated?.fresh && !sessionKept) releaseIsolatedState(prepared.isolated.root, prepared.isolated.dir);
  }
  if (output.broken) return 0;
  // A refusal found while planning the spawn (a value the OS cannot pass) is still a refusal: exit 2.
  if (done?.failure?.class === "rejected") return 2;
  // The person's Ctrl-C: 128 + SIGINT, what a shell and every other command report for it.
  if (done?.cause === "interrupted") return EXIT_INTERRUPTED;
  return done ? hmuxExitCode(done) : 1;
}

const EXIT_INTERRUPTED = 130;

/**
 * After the identity event: index the isolated dir under the session id so --resume <id> --isolate
 * finds it. True when the dir now holds a session and must be kept.
 */
function keepIsolatedState(prepared: PreparedTurn, sessionId: string, output: Output): boolean {
  const isolated = prepared.isolated;
  if (!isolated) return false;
  try {
    if (recordIsolatedState(isolated.root, sessionId, isolated.dir)) {
      if (isolated.fresh) output.err(`isolated state kept for --resume ${sessionId} --isolate: ${isolated.dir}\n`);
    } else {
      output.err(
        `isolated state not indexed: session id ${JSON.stringify(sessionId)} is not a safe file name; it stays at ${isolated.dir}\n`,
      );
    }
  } catch (err) {
    output.err(`isolated state not indexed (${(err as Error).message}); it stays at ${isolated.dir}\n`);
  }
  return true;
}

/** Warnings a resumed turn owes its reader before any harness output. */
function resumeWarnings(prepared: PreparedTurn): HarnessEvent[] {
  const { adapter, inputs } = prepared;
  const out: HarnessEvent[] = [];
  if (inputs.resumeLast) {
    const notice = resumeLastNotice(
      adapter.name,
      adapter.descriptor.sessionStore.value,
      prepared.cwd,
      harnessEnv(prepared),
    );
    out.push(...notice.events);
    if (notice.cwdDir !== null && !existsSync(notice.cwdDir))
      out.push(absentStoreWarning(adapter.name, notice.cwdDir, prepared.cwd));
  }
  if (inputs.resume !== undefined && adapter.descriptor.resume.value.onMissing === "create") {
    out.push({
      kind: "error",
      message: `${adapter.name} starts a new, empty session when ${inputs.resume} is unknown to it, instead of failing; check the identity event's id`,
    });
  }
  return out;
}

/** The env the harness will see, as far as its store location goes: the plan's base, its changes, then --env. */
function harnessEnv(prepared: PreparedTurn): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...prepared.env };
  for (const [k, v] of Object.entries(prepared.invocation.env)) env[k] = v ?? undefined;
  for (const [k, v] of Object.entries(prepared.callerEnv)) env[k] = v === "" ? undefined : v;
  return env;
}
