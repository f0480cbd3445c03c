/**
 * Sessions on harnesses with one process per turn (the adapter's session kind
 * "turn-per-process", e.g. muse exec --json): each
 * turn is the adapter's own planTurn with the harness session id the previous turn announced,
 * run by the core's one-shot session runtime over the real pipe spawner. A configuration the
 * adapter refuses (an endpoint, an effort cursor cannot express, a resume id of the wrong
 * shape) is refused here, before anything is spawned.
 */

import type { HarnessAdapter } from "../adapters/adapter.js";
import type { OneShotSessionPlan, OneShotTurnInput, OneShotTurnRequest } from "../core/exec/oneshot-session-types.js";
import type { SessionRequest } from "../core/exec/session-plan-types.js";
import { invariant } from "../core/invariant.js";
import type { TurnOptions } from "../core/options/types.js";
import { composePrompt } from "../core/question.js";

/** A user waiting on an interrupt: 2 s from TERM to KILL, as `hmux run` does on Ctrl-C. */
const KILL_GRACE_MS = 2_000;

/** A session request (the same fields every session plan takes), for a one-process-per-turn harness. */
export interface OneShotLaunch extends Omit<SessionRequest, "binary" | "decisionBudgetMs"> {
  readonly adapter: HarnessAdapter;
  /** The resolved executable and any prefix arguments (a node script for a wrapper). */
  readonly binary?: readonly string[];
  readonly escalateQuestions: boolean;
}

export type OneShotPlanBase = Pick<OneShotSessionPlan, "channel" | "turn" | "resume">;

/** The per-turn planner for the runtime; throws the adapter's RefusalError when the configuration cannot run at all. */
export function planOneShotSession(launch: OneShotLaunch): OneShotPlanBase {
  const { adapter } = launch;
  invariant(
    adapter.session?.kind === "turn-per-process",
    `the one-shot runtime is chosen only for a harness whose sessions are one process per turn, not ${adapter.name}`,
  );
  const channel = adapter.session.channel;
  const options: TurnOptions = {
    ...(launch.model ? { model: launch.model } : {}),
    ...(launch.effort ? { effort: launch.effort } : {}),
    ...(launch.access ? { access: launch.access } : {}),
    ...(launch.harnessOptions ? { harnessOptions: launch.harnessOptions } : {}),
    ...(launch.endpoint ? { endpoint: launch.endpoint } : {}),
    ...(launch.isolate ? { isolate: true } : {}),
    escalateQuestions: launch.escalateQuestions,
  };
  const planFor = (input: OneShotTurnInput) =>
    adapter.planTurn({
      options,
      inputs: {
        prompt: input.prompt,
        cwd: launch.cwd,
        ...(input.resume !== undefined ? { resume: input.resume } : {}),
      },
      prompt: input.prompt,
      ...(launch.isolate ? { stateDir: launch.stateDir } : {}),
      host: { isRoot: process.getuid?.() === 0, env: launch.env },
    });
  // A dry plan of the first turn: whatever the adapter refuses is refused now, not at the first send.
  planFor({ prompt: composePrompt("hmux session check", "turn"), ...(launch.resume ? { resume: launch.resume } : {}) });
  const [executable, ...prefix] = launch.binary ?? [];
  const turn = (input: OneShotTurnInput): OneShotTurnRequest => ({
    harness: adapter.name,
    plan: () => planFor(input),
    createDecoder: () => adapter.createDecoder(input.resume !== undefined ? { requestedSessionId: input.resume } : {}),
    ...(executable !== undefined ? { executable, executablePrefix: prefix } : {}),
    cwd: launch.cwd,
    baseEnv: launch.env,
    killGraceMs: KILL_GRACE_MS,
    matchers: adapter.matchers,
  });
  return { channel, turn, ...(launch.resume ? { resume: launch.resume } : {}) };
}
