/**
 * How the hmux server answers `plan`: the decision its launcher makes for the same spec
 * (server-launcher.ts: launch()'s plan for the same launch request, src/launch/plan-session.ts;
 * the native pane's launch plan for a native one), made as a dry run. Nothing is spawned, no worktree is made and
 * no state dir is created; a refusal is an answer, not an error.
 */

import { HmuxError } from "../core/hmux-error.js";
import { settingsView } from "../core/launch/settings-view.js";
import { harnessOptionFlag } from "../core/options/harness-settings.js";
import { planSession } from "../launch/plan-session.js";
import { contextFor } from "../main/context.js";
import { parseNativeKind } from "../native/launch.js";
import { nativeKinds, SHELL_KIND } from "../native/native-plan.js";
import type { HarnessFieldSummary, PlanRefusalSummary, PlanSummary } from "../protocol/index.js";
import type { CreateSpec, Planner } from "../server/session-table.js";
import type { CliContext } from "./context.js";
import { serverLaunchRequest } from "./server-launcher.js";

/** Planned with the registry in force in the spec's cwd now, as the launcher will launch it. */
export function serverPlanner(server: CliContext): Planner {
  return async (spec) => {
    try {
      const context = await contextFor(server, spec.cwd);
      if (spec.native) return await nativePlan(context, spec);
      const fields = harnessFields(context, spec.harness);
      try {
        return { ...sessionPlan(context, spec), ...(fields.length > 0 ? { fields } : {}) };
      } catch (err) {
        return { ok: false, refusals: [refusalOf(err)], ...(fields.length > 0 ? { fields } : {}) };
      }
    } catch (err) {
      return { ok: false, refusals: [refusalOf(err)] };
    }
  };
}

/** The harness's own settings as its module declares them in this registry: a dialog's extra fields. */
export function harnessFields(context: Pick<CliContext, "registry">, harness: string): HarnessFieldSummary[] {
  const name = context.registry.find(harness)?.name;
  if (name === undefined) return [];
  return context.registry.harnessOptions
    .filter((o) => o.harness === name)
    .map((o) => {
      const words = o.looseness?.every((v) => typeof v === "string") ? (o.looseness as string[]) : undefined;
      return {
        key: o.key,
        flag: harnessOptionFlag(name, o.key),
        describe: o.describe,
        allowed: o.allowed,
        kind: o.cli,
        ...(words ? { choices: [...words] } : {}),
      };
    });
}

function sessionPlan(context: CliContext, spec: CreateSpec): PlanSummary {
  const planned = planSession(serverLaunchRequest(spec), context);
  // The worktree itself is made only when the session is created; the plan is for the folder it comes from.
  const worktree =
    spec.options.worktree !== undefined && spec.options.worktree !== false
      ? [`a git worktree of ${planned.plan.cwd} is made for it when it starts`]
      : [];
  return {
    ok: true,
    harness: planned.plan.harness,
    cwd: planned.plan.cwd,
    settings: planned.settings,
    notes: [...planned.notes, ...worktree],
  };
}

async function nativePlan(context: CliContext, spec: CreateSpec): Promise<PlanSummary> {
  const kind = parseNativeKind(spec.harness, nativeKinds(context.registry));
  // Loaded with the first native plan: beside the plan it holds the pane's terminal emulator, which
  // the launcher loads only for the first native session too (server-launcher.ts).
  const { nativePlanNotes, planNativeLaunch } = await import("../main/native-launch.js");
  const plan = planNativeLaunch(
    {
      kind,
      cwd: spec.cwd,
      ...(spec.options.endpoint !== undefined ? { endpoint: spec.options.endpoint } : {}),
      ...(spec.options.model !== undefined ? { model: spec.options.model } : {}),
    },
    { ports: context, hostEnv: context.env },
  );
  const notes = spec.options.prompt ? ["a native pane ignores the prompt: type it into the pane"] : [];
  if (plan === undefined) return { ok: true, harness: SHELL_KIND, cwd: spec.cwd, settings: [], notes };
  return {
    ok: true,
    harness: kind,
    cwd: plan.cwd,
    settings: settingsView(plan.resolved, plan.policy, plan.decisionBudget),
    notes: [...nativePlanNotes(plan), ...notes],
  };
}

/** A refusal in the words the pipeline gave it: its message, and its hint, kind and alternatives when it has them. */
export function refusalOf(err: unknown): PlanRefusalSummary {
  if (!(err instanceof Error)) return { message: String(err) };
  const fields = err as Error & { hint?: unknown; issue?: unknown; code?: unknown; supported?: unknown };
  const supported = Array.isArray(fields.supported) ? fields.supported.filter((s) => typeof s === "string") : [];
  // A refusal names its issue; another HmuxError (a bad config file: invalid-config) its code.
  const issue = typeof fields.issue === "string" ? fields.issue : err instanceof HmuxError ? err.code : undefined;
  return {
    message: err.message,
    ...(typeof fields.hint === "string" ? { hint: fields.hint } : {}),
    ...(issue !== undefined ? { issue } : {}),
    ...(supported.length > 0 ? { supported } : {}),
  };
}
