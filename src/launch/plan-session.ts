/**
 * A session launch's decision as a dry run (the server's `plan` op): the same identity, plan
 * request and pipeline launch() uses for the session, and the lines it would say, with nothing
 * made: no worktree is opened, the state dir is only named, no journal is written.
 */
import { randomUUID } from "node:crypto";
import { prepareLaunchOrThrow } from "../core/launch/prepare.js";
import { type ResolvedSettingView, settingsView } from "../core/launch/settings-view.js";
import type { LaunchPlan } from "../core/launch/types.js";
import { continuedPlan, continuingRequest } from "./continued-settings.js";
import { planLines, sessionPlanRequest } from "./plan-step.js";
import { sessionStart } from "./session-resume.js";
import { sessionStateDir } from "./state-dir.js";
import type { LaunchPorts, SessionLaunchRequest } from "./types.js";

export interface PlannedSession {
  readonly plan: LaunchPlan;
  readonly settings: readonly ResolvedSettingView[];
  /** What the launch would say before it starts (an untrusted project's settings, the plan's notes). */
  readonly notes: readonly string[];
}

/** The plan, or throws the first refusal, as launch() would for the same request. */
export function planSession(
  request: SessionLaunchRequest,
  ports: Pick<LaunchPorts, "launch" | "paths">,
): PlannedSession {
  const { identity, cwd } = sessionStart(request, ports, randomUUID);
  const earlier = identity.journal;
  const state = sessionStateDir({
    sessionId: identity.sessionId,
    ...(earlier ? { journaled: earlier.stateDir } : {}),
    journal: request.journal,
    sessions: ports.paths.sessions,
  });
  const asked = continuingRequest(request, earlier, request.harness, identity.sessionId, ports);
  const planned = prepareLaunchOrThrow(sessionPlanRequest(asked, { cwd, identity }), {
    ...ports.launch,
    stateDir: () => ({ dir: state.dir }),
  });
  const plan = earlier ? continuedPlan(planned, earlier.settings) : planned;
  return {
    plan,
    settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
    notes: planLines(request.kind, plan),
  };
}
