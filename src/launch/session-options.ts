/**
 * The one mapping from a launch plan to the session runtime's options (src/session/launch.ts):
 * what `hmux session`, a server session and a policy-gated one-shot turn open their harness
 * with. The plan decided every value; this only says where each goes, so no entry point can
 * spell a setting (a stall, a budget, a harness's own setting) differently from another.
 */
import type { HarnessRegistry } from "../adapters/registry.js";
import type { AllowRule } from "../core/control/allow-rules.js";
import type { WaitingQuestion } from "../core/control/machine-types.js";
import { makeClassifier } from "../core/control/policy.js";
import type { ControlName } from "../core/exec/session-bridge.js";
import type { ApprovalMode } from "../core/exec/session-types.js";
import type { LaunchPlan } from "../core/launch/types.js";
import type { LaunchOptions } from "../session/launch.js";

export interface SessionRuntime {
  readonly registry: HarnessRegistry;
  readonly sessionId: string;
  /** Absent: the session runtime makes a temp dir, removed when it closes (a turn that is not isolated). */
  readonly stateDir?: string;
  readonly approvals: ApprovalMode;
  readonly origin: "fresh" | "resumed";
  /** The harness's own session to continue. */
  readonly resume?: string;
  /** Turns run before this resume (0: none, so the harness starts fresh); absent: unknown. */
  readonly turnsBefore?: number;
  readonly waitingQuestion?: WaitingQuestion | null;
  readonly rules?: readonly AllowRule[];
  readonly requiredControls?: readonly ControlName[];
  /** --env on top of the plan's environment (an empty value unsets), as on a one-shot turn. */
  readonly callerEnv?: Readonly<Record<string, string>>;
  /** The stall budget when no tier set one: a one-shot turn has one, a session none. */
  readonly defaultStallSeconds?: number;
}

export function sessionOptionsOf(plan: LaunchPlan, runtime: SessionRuntime): LaunchOptions {
  const o = plan.options;
  const stallSeconds = o.stallSeconds ?? runtime.defaultStallSeconds;
  return {
    harness: plan.harness,
    registry: runtime.registry,
    sessionId: runtime.sessionId,
    cwd: plan.cwd,
    env: withCallerEnv(plan.env, runtime.callerEnv ?? {}),
    ...(runtime.stateDir !== undefined ? { stateDir: runtime.stateDir } : {}),
    isolate: plan.isolate,
    approvals: runtime.approvals,
    binary: [plan.binary.executable, ...plan.binary.prefixArgs],
    origin: runtime.origin,
    escalateQuestions: plan.escalateQuestions,
    ...(runtime.resume !== undefined ? { resume: runtime.resume } : {}),
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.model ? { model: o.model } : {}),
    ...(o.effort ? { effort: o.effort } : {}),
    // The harness renders these its own way (codex: as the sandbox thread/start takes).
    ...(o.access ? { access: o.access } : {}),
    ...(o.harnessOptions ? { harnessOptions: o.harnessOptions } : {}),
    // 0 disables, as everywhere a stall is given.
    ...(stallSeconds !== undefined && stallSeconds > 0 ? { stallMs: stallSeconds * 1000 } : {}),
    // hmux's decision budget rule (src/core/launch/decision-budget.ts); null when nobody can be asked.
    ...(plan.decisionBudget.ms !== null ? { decisionBudgetMs: plan.decisionBudget.ms } : {}),
    ...(runtime.requiredControls && runtime.requiredControls.length > 0
      ? { requiredControls: runtime.requiredControls }
      : {}),
    ...(runtime.turnsBefore !== undefined ? { turnsBefore: runtime.turnsBefore } : {}),
    ...(runtime.waitingQuestion ? { waitingQuestion: runtime.waitingQuestion } : {}),
    // The session's "allow always" rules stay in force across a detach, a resume and a server restart.
    ...(runtime.rules && runtime.rules.length > 0 ? { rules: runtime.rules } : {}),
    // Config key `policy` (project > user, with trust; else hmux's default): safe operations run without asking anybody.
    classify: makeClassifier(plan.policy.value, plan.cwd),
    headlessDenyReason: plan.policy.value.headless.reason,
  };
}

/** --env on top of the plan's environment; an empty value unsets. */
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
