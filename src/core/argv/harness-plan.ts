/**
 * One planner per harness: from one turn request (the resolved settings of a launch) it gives the
 * launch's harness environment, the one-shot turn, and the session spawn, both of the last built
 * on that one environment. An adapter supplies three renderers; the checks, the environment's
 * computation and the layout of both plans are here, once.
 */

import type { HarnessDescriptor } from "../descriptor.js";
import type { SessionRequest, SessionSpawnInput, SessionSpawnPlan } from "../exec/session-plan-types.js";
import { RefusalError } from "../refusal.js";
import {
  computeEnvironment,
  type EnvironmentRenderer,
  environmentRequestOf,
  type HarnessEnvironment,
} from "./environment.js";
import { planWith } from "./plan.js";
import type { OptionRenderer, PlannedInvocation, TurnRequest } from "./types.js";

export interface HarnessPlan {
  /** The harness environment, computed on first use and once. */
  environment(): HarnessEnvironment;
  /** The one-shot turn; throws RefusalError for what the harness cannot express. */
  turn(): PlannedInvocation;
  /** The session spawn, for a harness with a process session; absent otherwise. */
  readonly session?: (input: SessionSpawnInput) => SessionSpawnPlan;
}

export interface SessionContext {
  readonly self: HarnessDescriptor;
  readonly request: TurnRequest;
  readonly environment: HarnessEnvironment;
  readonly input: SessionSpawnInput;
}

/** What a session adds to its mode's argv and to the environment: its own flags, variables and files. */
export interface SessionRendered {
  /** After the descriptor's session-mode argv and the environment's argv. */
  readonly flags: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly files?: readonly { readonly path: string; readonly content: string }[];
}

export type SessionRenderer = (ctx: SessionContext) => SessionRendered;

/** The three pieces an adapter writes. */
export interface HarnessRenderers {
  readonly environment: EnvironmentRenderer;
  readonly turn: OptionRenderer;
  readonly session?: SessionRenderer;
}

export function planHarness(
  self: HarnessDescriptor,
  peers: readonly HarnessDescriptor[],
  request: TurnRequest,
  renderers: HarnessRenderers,
): HarnessPlan {
  let computed: HarnessEnvironment | undefined;
  const environment = (): HarnessEnvironment => {
    computed ??= computeEnvironment(environmentRequestOf(self, peers, request), renderers.environment);
    return computed;
  };
  const session = renderers.session;
  return {
    environment,
    turn: () => planWith(self, peers, request, renderers.turn, environment),
    ...(session
      ? { session: (input: SessionSpawnInput) => spawnOf(self, request, environment(), input, session) }
      : {}),
  };
}

function spawnOf(
  self: HarnessDescriptor,
  request: TurnRequest,
  environment: HarnessEnvironment,
  input: SessionSpawnInput,
  render: SessionRenderer,
): SessionSpawnPlan {
  const mode = self.sessionMode.value;
  if (mode === null)
    throw new RefusalError(`${self.name} declares no session mode, so it cannot run a session`, {
      issue: "no-session-mode",
      harness: self.name,
    });
  const rendered = render({ self, request, environment, input });
  const argv = [input.binary ?? self.binary.value, ...mode.argv, ...environment.argv, ...rendered.flags];
  const files = [...environment.files, ...(rendered.files ?? [])].map((f) => ({ path: f.path, content: f.content }));
  return {
    spawn: { argv, cwd: input.cwd, env: { ...input.env, ...environment.env, ...rendered.env }, stdin: "pipe" },
    files,
    dirs: environment.dirs,
  };
}

/**
 * A session request as the turn request its plan reads: its settings become the options, its
 * state dir is isolated only when it asks to be, and its env is where an endpoint key is looked up.
 */
export function turnRequestOfSession(request: SessionRequest): TurnRequest {
  return {
    options: {
      ...(request.isolate ? { isolate: true } : {}),
      ...(request.endpoint !== undefined ? { endpoint: request.endpoint } : {}),
      ...(request.model !== undefined ? { model: request.model } : {}),
      ...(request.effort !== undefined ? { effort: request.effort } : {}),
      ...(request.access !== undefined ? { access: request.access } : {}),
      ...(request.harnessOptions !== undefined ? { harnessOptions: request.harnessOptions } : {}),
      ...(request.stallSeconds !== undefined ? { stallSeconds: request.stallSeconds } : {}),
    },
    inputs: {},
    prompt: "",
    ...(request.isolate ? { stateDir: request.stateDir } : {}),
    host: { env: request.env },
  };
}

export function spawnInputOfSession(request: SessionRequest): SessionSpawnInput {
  return {
    sessionId: request.sessionId,
    cwd: request.cwd,
    env: request.env,
    ...(request.resume !== undefined ? { resume: request.resume } : {}),
    ...(request.binary !== undefined ? { binary: request.binary } : {}),
    ...(request.decisionBudgetMs !== undefined ? { decisionBudgetMs: request.decisionBudgetMs } : {}),
  };
}
