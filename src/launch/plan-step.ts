/**
 * The plan step of a launch: its request stated to the launch pipeline (prepareLaunch), with the
 * state dir placed by the entry kind's rule (state-dir.ts). A race asks every contestant for the
 * same settings, and one a harness cannot express must not call the race off for the others: for
 * a race contestant that setting is dropped for this harness alone (its default applies) and the
 * refusal becomes a divergence on its scorecard. Every other kind is refused by it.
 */
import { prepareLaunch } from "../core/launch/prepare.js";
import type { LaunchPlan, LaunchWorkspace, LaunchRequest as PlanRequest } from "../core/launch/types.js";
import { renderResolution, renderUntrustedLine } from "../core/options/render-provenance.js";
import type { TurnOptions } from "../core/options/types.js";
import { isRefusal } from "../core/refusal.js";
import type { SessionIdentity } from "./session-resume.js";
import { type StateDir, turnStateDir } from "./state-dir.js";
import type { LaunchKind, LaunchPorts, PaneLaunchRequest, SessionLaunchRequest, TurnLaunchRequest } from "./types.js";

export interface DroppedSetting {
  readonly key: string;
  readonly value: unknown;
  readonly reason: string;
}

export interface PlannedTurn {
  readonly plan: LaunchPlan;
  /** The isolated state dir, when the turn is isolated. */
  readonly state?: StateDir;
  /** Settings a race contestant's harness could not express, dropped for it alone. */
  readonly dropped: readonly DroppedSetting[];
}

/** A one-shot turn's request as the pipeline reads it. */
export function turnPlanRequest(
  request: TurnLaunchRequest,
  where: { readonly cwd: string; readonly workspace?: LaunchWorkspace; readonly requireBinary?: boolean },
): PlanRequest {
  return {
    entry: "run",
    harness: request.harness,
    cwd: where.cwd,
    args: request.args,
    mode: request.resume !== undefined || request.resumeLast ? "resume" : "launch",
    prompt: request.prompt.text,
    inputs: {
      explicitPrompt: request.prompt.explicit,
      env: request.callerEnv,
      passthrough: request.passthrough,
      ...(request.resume !== undefined ? { resume: request.resume } : {}),
      ...(request.resumeLast ? { resumeLast: true } : {}),
    },
    ...(where.requireBinary === false ? { requireBinary: false } : {}),
    ...(where.workspace ? { workspace: where.workspace } : {}),
  };
}

/** A session's request as the pipeline reads it: a resumed journal's isolation and endpoint go on with it. */
export function sessionPlanRequest(
  request: SessionLaunchRequest,
  where: { readonly cwd: string; readonly identity: SessionIdentity; readonly workspace?: LaunchWorkspace },
): PlanRequest {
  const { resume, journal: earlier } = where.identity;
  // A resumed session's isolated HOME is where its harness's own store is: the journal's isolation stands.
  const isolate = earlier ? earlier.isolate : request.args.isolate === true;
  const endpoint = request.args.endpoint ?? earlier?.endpoint;
  const { isolate: _isolate, endpoint: _endpoint, ...args } = request.args;
  return {
    entry: "session",
    harness: request.harness,
    cwd: where.cwd,
    args: { ...args, ...(endpoint !== undefined ? { endpoint } : {}), ...(isolate ? { isolate: true } : {}) },
    mode: resume !== undefined ? "resume" : "launch",
    // A session's prompts arrive one per turn; its plan is checked with a stand-in.
    prompt: SESSION_CHECK_PROMPT,
    ...(resume !== undefined ? { inputs: { resume } } : {}),
    ...(where.workspace ? { workspace: where.workspace } : {}),
    ...(request.decisionBudgetMs !== undefined ? { decisionBudgetMs: request.decisionBudgetMs } : {}),
  };
}

/** A native pane's request as the pipeline reads it; the prompt is typed into the pane, so the plan is checked with a stand-in. */
export function panePlanRequest(request: Pick<PaneLaunchRequest, "harness" | "cwd" | "args">): PlanRequest {
  return {
    entry: "native",
    harness: request.harness,
    cwd: request.cwd,
    mode: "launch",
    prompt: "hello",
    args: request.args,
  };
}

/** The prompt a session's plan is checked with: the real prompts arrive later, one per turn. */
const SESSION_CHECK_PROMPT = "hmux session check";

/**
 * The turn's plan, or the first refusal. `dry`: nothing is made (the state dir is only named) and
 * the binary need not be installed (`hmux inspect --argv`).
 */
export function planTurn(
  request: TurnLaunchRequest,
  where: { readonly cwd: string; readonly workspace?: LaunchWorkspace; readonly dry?: boolean },
  ports: Pick<LaunchPorts, "launch" | "paths" | "clock">,
): PlannedTurn {
  const dropped: DroppedSetting[] = [];
  let args: TurnOptions = request.args;
  for (;;) {
    let state: StateDir | undefined;
    const outcome = prepareLaunch(
      turnPlanRequest({ ...request, args }, { ...where, ...(where.dry ? { requireBinary: false } : {}) }),
      {
        ...ports.launch,
        stateDir: (need) => {
          state = turnStateDir(
            request.kind,
            need,
            { isolated: ports.paths.isolated, now: ports.clock.now() },
            !where.dry,
          );
          return { dir: state.dir, ...(state.note ? { note: state.note } : {}) };
        },
      },
    );
    if (outcome.ok) return { plan: outcome.plan, ...(state ? { state } : {}), dropped };
    state?.release(); // refused: nothing to keep
    const refusal = outcome.refusals[0];
    const setting = request.kind === "race-contestant" ? inexpressibleSetting(refusal, args) : null;
    if (setting === null || !isRefusal(refusal)) throw refusal;
    dropped.push({
      key: setting.key,
      value: setting.value,
      reason: `${refusal.message}${refusal.hint ? ` (${refusal.hint})` : ""}; the harness default applies`,
    });
    args = setting.without;
  }
}

interface Inexpressible {
  readonly key: string;
  readonly value: unknown;
  /** The args without it. */
  readonly without: TurnOptions;
}

/**
 * The setting a refusal says the harness cannot express, when the request set it; null otherwise.
 * Another harness's own setting (`codex.sandbox` on a claude contestant) is named `<harness>.<key>`.
 */
function inexpressibleSetting(err: unknown, args: TurnOptions): Inexpressible | null {
  if (!isRefusal(err) || err.option === undefined) return null;
  if (err.issue !== "unsupported-option" && err.issue !== "unsupported-option-facet") return null;
  const key = err.option;
  if (key in args) {
    const { [key as keyof TurnOptions]: value, ...without } = args;
    return value === undefined ? null : { key, value, without };
  }
  const [owner, own, extra] = key.split(".");
  const section = owner !== undefined ? args.harnessOptions?.[owner] : undefined;
  if (own === undefined || extra !== undefined || section?.[own] === undefined) return null;
  const { [own]: value, ...kept } = section;
  const { [owner!]: _owner, ...others } = args.harnessOptions ?? {};
  const harnessOptions = Object.keys(kept).length > 0 ? { ...others, [owner!]: kept } : others;
  const { harnessOptions: _all, ...rest } = args;
  return { key, value, without: Object.keys(harnessOptions).length > 0 ? { ...rest, harnessOptions } : rest };
}

/** The lines a plan owes its reader, by kind: a turn's resolution and gate, a session's untrusted settings; then the plan's notes. */
export function planLines(kind: LaunchKind, plan: LaunchPlan): string[] {
  if (kind === "run" || kind === "race-contestant") {
    const resolution = renderResolution(plan.resolved);
    // A race prints its settings once for all contestants; each says only where it differs.
    const shown = kind === "race-contestant" ? resolution.filter((l) => !l.startsWith("provenance:")) : resolution;
    const gate = plan.gate;
    // Said plainly when hmux's own policy is the gate, and when nothing is (--autonomy).
    return [...shown, ...(gate && gate.kind !== "harness" ? [`gate: ${gate.why}`] : []), ...plan.notes];
  }
  // What an untrusted project asked for and did not get, said once each (docs/config.md).
  const untrusted = new Set([...(plan.resolved.untrusted ?? []), ...plan.untrustedSettings].map(renderUntrustedLine));
  return [...untrusted, ...plan.notes];
}
