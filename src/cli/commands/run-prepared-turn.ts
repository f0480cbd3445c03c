/**
 * A prepared turn (run-prepare.ts) handed to runTurn: the one place `hmux run` and a race
 * contestant turn their plan into a running harness, so both spawn, time out, stall and stop it alike.
 */
import type { HarnessEvent } from "../../core/events.js";
import { DEFAULT_RUN_STALL_SECONDS, runTurn } from "../../core/exec/run-turn.js";
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
): AsyncGenerator<HarnessEvent, void, undefined> {
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
