/**
 * `hmux run <harness> [prompt]`: one headless turn, rendered for a human or as NDJSON.
 * Everything that can be refused is refused before spawn (exit 2, and under --json a
 * failure + done pair as the last lines); after spawn the turn's `done` decides (0 or 1).
 */

import { existsSync } from "node:fs";
import type { Command } from "commander";
import { hmuxExitCode, INTERRUPT_ABORT } from "../../core/conclude.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import type { HarnessEvent } from "../../core/events.js";
import { parseEnvAssignments } from "../../core/exec/env.js";
import { absentStoreWarning, resumeLastNotice } from "../../core/session-store.js";
import { launch } from "../../launch/launch.js";
import type { LaunchedTurn, TurnLaunchRequest, TurnRun } from "../../launch/types.js";
import type { CommandRuntime } from "../command-line.js";
import type { CliContext } from "../context.js";
import { lineBoundFromEnv } from "../line-bound.js";
import { HumanRenderer } from "../render/human.js";
import { JsonRenderer } from "../render/json.js";
import type { Output } from "../render/output.js";
import type { WorkspaceFlags } from "../workspace-launch.js";
import type { RawTurnFlags } from "./run-options.js";
import { runRequest } from "./run-request.js";

export interface RunFlags extends RawTurnFlags, WorkspaceFlags {
  json?: boolean;
  verbose?: boolean;
}

export async function runAction(
  run: CommandRuntime,
  harness: string,
  prompt: string | undefined,
  flags: RunFlags,
  self: Command,
): Promise<void> {
  const context = await run.context();
  process.exitCode = await runCommand(harness, prompt, flags, self, context.output, context);
}

export async function runCommand(
  harnessArg: string,
  positional: string | undefined,
  flags: RunFlags,
  cmd: Command,
  output: Output,
  context: CliContext,
): Promise<number> {
  const lineBound = lineBoundFromEnv(context.env); // checked before the launch creates anything (an isolated state dir)
  const request = await runRequest({
    harness: harnessArg,
    positional,
    flags,
    cmd,
    harnessOptions: context.registry.harnessOptions,
    passthrough: context.passthrough,
    callerEnv: parseEnvAssignments(flags.env ?? []),
    turnLabel: `run-${new Date(context.clock.now()).toISOString()}`,
    onNote: (line) => output.err(`${line}\n`),
  });
  const launched = await launch(request, context);
  try {
    const leadingEvents = resumeWarnings(launched, request, context.registry.require(launched.harness).descriptor);
    const color = process.stderr.isTTY === true && !context.env.NO_COLOR;
    return await runLaunched(launched, flags, output, color, { ...lineBound, leadingEvents });
  } finally {
    launched.release();
  }
}

async function runLaunched(
  launched: LaunchedTurn,
  flags: RunFlags,
  output: Output,
  /** Dim tool output: only on a terminal that wants colour (NO_COLOR: https://no-color.org). */
  color: boolean,
  run: Omit<TurnRun, "signal">,
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

  const events = launched.run({ ...run, signal: abort.signal });

  const json = new JsonRenderer(output);
  const human = new HumanRenderer(output, { verbose: flags.verbose ?? false, color });
  let done: Extract<HarnessEvent, { kind: "done" }> | undefined;
  try {
    for await (const event of events) {
      if (flags.json) json.render(event);
      else human.render(event);
      if (event.kind === "done") done = event;
      if (output.broken) break; // abandons the iterator: the child's group is killed and awaited
      if (output.needsDrain) await output.drain(); // a slow reader slows the harness, not hmux's memory
    }
  } finally {
    for (const [sig, handler] of handlers) process.removeListener(sig, handler);
  }
  if (output.broken) return 0;
  // A refusal found while planning the spawn (a value the OS cannot pass) is still a refusal: exit 2.
  if (done?.failure?.class === "rejected") return 2;
  // The person's Ctrl-C: 128 + SIGINT, what a shell and every other command report for it.
  if (done?.cause === "interrupted") return EXIT_INTERRUPTED;
  return done ? hmuxExitCode(done) : 1;
}

const EXIT_INTERRUPTED = 130;

/** Warnings a resumed turn owes its reader before any harness output. */
function resumeWarnings(
  launched: LaunchedTurn,
  request: TurnLaunchRequest,
  descriptor: HarnessDescriptor,
): HarnessEvent[] {
  const { plan } = launched;
  const out: HarnessEvent[] = [];
  if (request.resumeLast) {
    const notice = resumeLastNotice(
      plan.harness,
      descriptor.sessionStore.value,
      plan.cwd,
      harnessEnv(launched, request),
    );
    out.push(...notice.events);
    if (notice.cwdDir !== null && !existsSync(notice.cwdDir))
      out.push(absentStoreWarning(plan.harness, notice.cwdDir, plan.cwd));
  }
  if (request.resume !== undefined && descriptor.resume.value.onMissing === "create") {
    out.push({
      kind: "error",
      message: `${plan.harness} starts a new, empty session when ${request.resume} is unknown to it, instead of failing; check the identity event's id`,
    });
  }
  return out;
}

/** The env the harness will see, as far as its store location goes: the plan's base, its changes, then --env. */
function harnessEnv(launched: LaunchedTurn, request: TurnLaunchRequest): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...launched.plan.env };
  for (const [k, v] of Object.entries(launched.plan.invocation.env)) env[k] = v ?? undefined;
  for (const [k, v] of Object.entries(request.callerEnv)) env[k] = v === "" ? undefined : v;
  return env;
}
