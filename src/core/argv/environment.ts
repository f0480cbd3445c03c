/**
 * The one harness environment of a launch: what the harness is started with beyond the
 * environment it inherits, the same for its one-shot turn and its session. The isolation part
 * (HOME and every registered harness's own dir below the state dir) is everyone's and lives here;
 * the endpoint part (variables, config files, argv) is the adapter's. Both channels read it from
 * one computation, so a session cannot point its harness elsewhere than the turn plan that was
 * checked for it.
 */
import type { HarnessDescriptor } from "../descriptor.js";
import type { PlannedFile } from "../exec/invocation.js";
import { type IsolatedDirs, isolatedDirs, isolationDirList, isolationEnv, requireStateDir } from "./isolation.js";
import type { TurnRequest } from "./types.js";
import { validateEndpoint } from "./validate.js";

export interface HarnessEnvironment {
  /** Set over the inherited environment. */
  readonly env: Readonly<Record<string, string>>;
  /** Tokens both channels pass (codex's endpoint overrides, pi's endpoint provider). */
  readonly argv: readonly string[];
  /** Written before the harness starts (an endpoint's config in the isolated dir). */
  readonly files: readonly PlannedFile[];
  /** Made before the harness starts (the isolated HOME and each harness's dir). */
  readonly dirs: readonly string[];
}

/** What the adapter's part is computed from: the same facts for either channel. */
export interface EnvironmentRequest {
  readonly self: HarnessDescriptor;
  readonly peers: readonly HarnessDescriptor[];
  /** The isolated dirs, when the launch is isolated. */
  readonly isolated?: IsolatedDirs;
  /** The endpoint, already checked as the harness accepts it. */
  readonly endpoint?: URL;
  readonly model?: string;
  /** The turn's inactivity budget: a harness that times out a silent stream is told the same. */
  readonly stallSeconds?: number;
  /** Where a key named for the endpoint may be set, strongest first (the caller's --env, then hmux's environment). */
  readonly keySources: readonly (Readonly<Record<string, string | undefined>> | undefined)[];
}

/** The adapter's part; the isolation env and dirs are added around it. */
export type EnvironmentRenderer = (request: EnvironmentRequest) => Partial<HarnessEnvironment>;

/** The one HMUX_ variable meant for the harness's side: the key a custom endpoint gets. */
export const ENDPOINT_KEY_ENV = "HMUX_ENDPOINT_API_KEY";

/** The key named for the endpoint from the first source that sets one (an empty value is unset). */
export function endpointKeyOf(
  ...sources: readonly (Readonly<Record<string, string | undefined>> | undefined)[]
): string | undefined {
  return sources.map((env) => env?.[ENDPOINT_KEY_ENV]).find((v) => v !== undefined && v !== "");
}

/** The facts of one turn request, as the environment reads them. */
export function environmentRequestOf(
  self: HarnessDescriptor,
  peers: readonly HarnessDescriptor[],
  request: TurnRequest,
): EnvironmentRequest {
  const o = request.options;
  const isolate = o.isolate === true || request.stateDir !== undefined;
  const stateDir = isolate ? requireStateDir(self, request.stateDir, "isolate") : request.stateDir;
  return {
    self,
    peers,
    ...(isolate && stateDir !== undefined ? { isolated: isolatedDirs(stateDir, peers) } : {}),
    ...(o.endpoint !== undefined ? { endpoint: validateEndpoint(self, o.endpoint) } : {}),
    ...(o.model !== undefined ? { model: o.model } : {}),
    ...(o.stallSeconds !== undefined ? { stallSeconds: o.stallSeconds } : {}),
    keySources: [request.inputs.env, request.host?.env],
  };
}

export function computeEnvironment(request: EnvironmentRequest, render: EnvironmentRenderer): HarnessEnvironment {
  const own = render(request);
  const dirs = request.isolated ? isolationDirList(request.isolated) : [];
  for (const d of own.dirs ?? []) if (!dirs.includes(d)) dirs.push(d);
  return {
    env: { ...(request.isolated ? isolationEnv(request.isolated) : {}), ...own.env },
    argv: own.argv ?? [],
    files: own.files ?? [],
    dirs,
  };
}

/** An adapter with nothing of its own to set: isolation only. */
export const ISOLATION_ONLY: EnvironmentRenderer = () => ({});
