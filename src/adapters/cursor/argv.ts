/**
 * Cursor CLI argv (doc-derived): `agent -p --output-format stream-json --stream-partial-output
 * <options> <prompt> <passthrough>` (resume: `agent -p --resume <id> …`, resume-last:
 * `agent -p --continue …`). Only --model and --force (autonomy) render; everything else
 * refuses with the nearest documented alternative until a real capture verifies more.
 */

import { ISOLATION_ONLY } from "../../core/argv/environment.js";
import { type HarnessPlan, planHarness } from "../../core/argv/harness-plan.js";
import { modelFlags } from "../../core/argv/render-common.js";
import type { PlanContext, RenderedOptions, TurnRequest } from "../../core/argv/types.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import { descriptor } from "./descriptor.js";

function render(ctx: PlanContext): RenderedOptions {
  const flags: string[] = [...modelFlags(ctx, false)];
  if (ctx.request.options.autonomy) flags.push(...descriptor.autonomy.value!.argv);
  return { flags, env: {}, files: [], dirs: [] };
}

/**
 * The one planner: nothing of its own in the harness environment (isolation only) and no process
 * session (a session is one turn per process, each planned here).
 */
export function plan(request: TurnRequest, peers: readonly HarnessDescriptor[]): HarnessPlan {
  return planHarness(descriptor, peers, request, { environment: ISOLATION_ONLY, turn: render });
}
