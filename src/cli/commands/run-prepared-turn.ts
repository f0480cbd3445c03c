/**
 * A prepared turn (run-prepare.ts) set running: the one place `hmux run` and a race contestant
 * turn their plan into a running harness, so both spawn, gate, time out, stall and stop it alike.
 * The launch plan's gate decides how: a harness whose one-shot turn is gated by its own
 * permission system (or runs --autonomy) runs that turn; one hmux gates through its session
 * channel runs one headless session turn with hmux's policy deciding each gated call.
 */

import { makeClassifier } from "../../core/control/policy.js";
import type { SessionEvent } from "../../core/control/types.js";
import type { HarnessEvent } from "../../core/events.js";
import { DEFAULT_RUN_STALL_SECONDS, runTurn } from "../../core/exec/run-turn.js";
import type { SessionRequest } from "../../core/exec/session-plan-types.js";
import { gatedTurn } from "../../session/gated-turn.js";
import type { CliContext } from "../context.js";
import type { PreparedTurn } from "./run-prepare.js";

export interface PreparedTurnRun {
  readonly signal: AbortSignal;
  readonly maxLineBytes?: number;
  /** Events the reader is owed before any harness output (a resumed turn's warnings). */
  readonly leadingEvents?: readonly HarnessEvent[];
}

export function runPreparedTurn(
  prepared: PreparedTurn,
  context: CliContext,
  run: PreparedTurnRun,
): AsyncGenerator<SessionEvent, void, undefined> {
  if (prepared.gate.kind === "policy-session") return runPolicyGatedTurn(prepared, context, run);
  const { adapter, invocation, options } = prepared;
  return runTurn(
    {
      spawner: invocation.transport === "pty" ? context.spawners.pty() : context.spawners.pipe(),
      clock: context.clock,
      fs: context.fs,
    },
    {
      harness: adapter.name,
      plan: () => invocation,
      createDecoder: () => adapter.createDecoder(prepared.decoderContext),
      executable: prepared.binary.executable,
      executablePrefix: prepared.binary.prefixArgs,
      cwd: prepared.cwd,
      baseEnv: prepared.env,
      callerEnv: prepared.callerEnv,
      ...(options.timeoutSeconds ? { timeoutMs: options.timeoutSeconds * 1000 } : {}),
      stallMs: (options.stallSeconds ?? DEFAULT_RUN_STALL_SECONDS) * 1000,
      signal: run.signal,
      ...(run.maxLineBytes !== undefined ? { maxLineBytes: run.maxLineBytes } : {}),
      // Someone who pressed Ctrl-C, closed the pipe or stopped a race is waiting: 2 s from TERM to KILL.
      killGraceMs: 2_000,
      // A question ends the turn awaiting input (--no-escalate-questions keeps it going).
      escalateQuestions: options.escalateQuestions ?? true,
      matchers: adapter.matchers,
      ...(run.leadingEvents ? { leadingEvents: run.leadingEvents } : {}),
    },
  );
}

/** The turn as one headless session: the same settings, cwd, environment and binary the plan chose. */
function runPolicyGatedTurn(
  prepared: PreparedTurn,
  context: CliContext,
  run: PreparedTurnRun,
): AsyncGenerator<SessionEvent, void, undefined> {
  const { adapter, options, inputs } = prepared;
  const stallSeconds = options.stallSeconds ?? DEFAULT_RUN_STALL_SECONDS;
  const sandbox = sandboxOf(options.sandbox, options.access);
  return gatedTurn(
    {
      launch: {
        harness: adapter.name,
        registry: context.registry,
        cwd: prepared.cwd,
        env: withCallerEnv(prepared.env, prepared.callerEnv),
        isolate: prepared.isolated !== undefined,
        ...(prepared.isolated ? { stateDir: prepared.isolated.dir } : {}),
        approvals: "deny",
        classify: makeClassifier(prepared.policy, prepared.cwd),
        headlessDenyReason: prepared.policy.headless.reason,
        binary: [prepared.binary.executable, ...prepared.binary.prefixArgs],
        escalateQuestions: options.escalateQuestions ?? true,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.model ? { model: options.model } : {}),
        ...(options.effort ? { effort: options.effort } : {}),
        ...(sandbox ? { sandbox } : {}),
        ...(inputs.resume !== undefined ? { resume: inputs.resume } : {}),
        ...(stallSeconds > 0 ? { stallMs: stallSeconds * 1000 } : {}),
      },
      prompt: inputs.prompt ?? "",
      signal: run.signal,
      ...(options.timeoutSeconds ? { timeoutMs: options.timeoutSeconds * 1000 } : {}),
      ...(run.leadingEvents ? { leadingEvents: run.leadingEvents } : {}),
    },
    context.session,
  );
}

/** --env on top of the plan's environment; an empty value unsets, as on a one-shot turn. */
function withCallerEnv(
  base: Readonly<Record<string, string>>,
  caller: Readonly<Record<string, string>>,
): Record<string, string> {
  const env: Record<string, string> = { ...base };
  for (const [k, v] of Object.entries(caller)) {
    if (v === "") delete env[k];
    else env[k] = v;
  }
  return env;
}

/** --access renders a sandbox where the harness has one (codex): read → read-only, write → workspace-write. */
function sandboxOf(sandbox: string | undefined, access: "read" | "write" | undefined): SessionRequest["sandbox"] {
  if (sandbox === "read-only" || sandbox === "workspace-write" || sandbox === "danger-full-access") return sandbox;
  if (access === "read") return "read-only";
  if (access === "write") return "workspace-write";
  return undefined;
}
