/**
 * One one-shot turn, start to end, as a stream of HarnessEvents ending in exactly one `done`.
 * The only impure layer of the core, and it reaches the world only through the injected
 * ports. It never throws out of the iterator: refusals, spawn errors and its own bugs all
 * arrive as `failure` + `done`. Abandoning the iterator kills the child's process group and
 * waits for it, so `hmux run … --json | head -n 5` leaves nothing behind.
 */

import type { MatcherSet } from "../classify.js";
import { type ConcludeInput, concludeTurn } from "../conclude.js";
import type { StreamDecoder } from "../decoder.js";
import type { FailureSummary, HarnessEvent } from "../events.js";
import { failure, failureEvent } from "../failure.js";
import type { HarnessName } from "../harness-names.js";
import { unreachable } from "../invariant.js";
import { isRefusal } from "../refusal.js";
import { checkExecSize } from "./arg-limits.js";
import { composeEnv } from "./env.js";
import type { Invocation } from "./invocation.js";
import type { Clock, FileSystemPort, Spawner } from "./ports.js";
import { TurnProcess } from "./turn-process.js";

export const DEFAULT_KILL_GRACE_MS = 5_000;
/**
 * `hmux run`'s stream-idle budget when neither --stall nor config sets one: a headless turn has
 * nobody watching, so a harness that goes silent (a provider that never answers) must still end.
 * Generous, because a long tool call can be quiet for minutes; `--stall 0` turns it off.
 */
export const DEFAULT_RUN_STALL_SECONDS = 600;

export interface RunTurnDeps {
  readonly spawner: Spawner;
  readonly clock: Clock;
  readonly fs: FileSystemPort;
}

export interface RunTurnRequest {
  readonly harness: HarnessName;
  /** Builds the invocation; a RefusalError thrown here becomes `failure(rejected)` + `done`. */
  readonly plan: () => Invocation;
  readonly createDecoder: () => StreamDecoder;
  /** The resolved executable for argv[0]; the invocation's own argv[0] when absent. */
  readonly executable?: string;
  /** Extra argv inserted before the invocation's arguments (e.g. a node script for a wrapper). */
  readonly executablePrefix?: readonly string[];
  readonly cwd: string;
  /** The launch plan's harness environment (src/core/launch/harness-env.ts); the invocation's env goes on top. */
  readonly baseEnv: Readonly<Record<string, string | undefined>>;
  /** The caller's --env: applied last; "" deletes. */
  readonly callerEnv?: Readonly<Record<string, string>>;
  /** Wall-clock budget (hmux --timeout); 0 or absent disables it. */
  readonly timeoutMs?: number;
  /** Stream-idle budget (hmux --stall), re-armed on every output chunk; 0 or absent disables it. */
  readonly stallMs?: number;
  /** Between TERM and KILL. */
  readonly killGraceMs?: number;
  readonly maxLineBytes?: number;
  /** Aborting stops the turn: TERM, then KILL, `done` cause killed. */
  readonly signal?: AbortSignal;
  readonly escalateQuestions?: boolean;
  /** The harness's failure matchers for classifying an unexplained non-zero exit. */
  readonly matchers?: MatcherSet;
  /** Events to emit before any harness output (warnings the planner wants surfaced). */
  readonly leadingEvents?: readonly HarnessEvent[];
}

export async function* runTurn(
  deps: RunTurnDeps,
  request: RunTurnRequest,
): AsyncGenerator<HarnessEvent, void, undefined> {
  let turn: TurnProcess | undefined;
  try {
    for (const event of request.leadingEvents ?? []) yield event;

    let invocation: Invocation;
    let env: Record<string, string>;
    try {
      invocation = request.plan();
      env = composeEnv(request.baseEnv, invocation.env, request.callerEnv, request.harness);
    } catch (err) {
      yield* endBeforeSpawn(refusalOrInternal(err, request.harness));
      return;
    }

    const [nativeBinary, ...args] = invocation.argv;
    const executable = request.executable ?? nativeBinary;
    if (!executable) {
      yield* endBeforeSpawn(
        failure("transport", `hmux internal error: the ${request.harness} adapter planned an empty argv`),
      );
      return;
    }
    const argv = [executable, ...(request.executablePrefix ?? []), ...args];
    try {
      checkExecSize(argv, env, request.harness);
    } catch (err) {
      yield* endBeforeSpawn(refusalOrInternal(err, request.harness));
      return;
    }

    try {
      for (const dir of invocation.dirs ?? []) await deps.fs.mkdir(dir);
      for (const file of invocation.files) await deps.fs.writeFile(file.path, file.content, file.mode);
    } catch (err) {
      yield* endBeforeSpawn(
        failure("transport", `could not write ${request.harness}'s configuration before start: ${messageOf(err)}`),
      );
      return;
    }
    let decoder: StreamDecoder;
    try {
      decoder = request.createDecoder();
    } catch (err) {
      yield* endBeforeSpawn(
        failure("transport", `hmux internal error creating the ${request.harness} decoder: ${messageOf(err)}`),
      );
      return;
    }

    turn = new TurnProcess(deps, {
      harness: request.harness,
      argv,
      cwd: request.cwd,
      env,
      invocation,
      decoder,
      timeoutMs: request.timeoutMs,
      stallMs: request.stallMs,
      killGraceMs: request.killGraceMs ?? DEFAULT_KILL_GRACE_MS,
      maxLineBytes: request.maxLineBytes,
      signal: request.signal,
    });
    turn.start();
    for (;;) {
      const event = await turn.next();
      if (event === undefined) break;
      yield event;
    }
    const observed = await turn.finish();
    const incompleteTurn = decoder.incompleteTurn();
    const input: ConcludeInput = {
      ...observed,
      harness: request.harness,
      ...(incompleteTurn !== undefined ? { incompleteTurn } : {}),
      escalateQuestions: request.escalateQuestions ?? true,
      ...(request.matchers ? { matchers: request.matchers } : {}),
    };
    for (const event of safeConclude(input)) yield event;
  } catch (err) {
    // Only an hmux bug lands here; the consumer still gets a typed end.
    yield* endBeforeSpawn(failure("transport", `hmux internal error: ${messageOf(err)}`));
  } finally {
    // Runs on normal end AND when the consumer stops iterating early.
    await turn?.dispose();
  }
}

function* endBeforeSpawn(summary: FailureSummary): Generator<HarnessEvent> {
  yield failureEvent(summary);
  yield { kind: "done", exitCode: null, cause: "failed", failure: summary };
}

function refusalOrInternal(err: unknown, harness: HarnessName): FailureSummary {
  if (isRefusal(err)) return err.toFailure();
  return failure("transport", `hmux internal error planning the ${harness} turn: ${messageOf(err)}`);
}

function safeConclude(input: ConcludeInput): HarnessEvent[] {
  try {
    const events = concludeTurn(input);
    if (events.at(-1)?.kind === "done") return events;
    unreachable("concludeTurn ends its events with done");
  } catch (err) {
    const summary = failure("transport", `hmux internal error concluding the turn: ${messageOf(err)}`);
    return [failureEvent(summary), { kind: "done", exitCode: input.exit.code, cause: "failed", failure: summary }];
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
