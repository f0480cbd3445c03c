/**
 * Cursor CLI argv (doc-derived): `agent -p --output-format stream-json --stream-partial-output
 * <options> <prompt> <passthrough>` (resume: `agent -p --resume <id> …`, resume-last:
 * `agent -p --continue …`). Only --model and --force (autonomy) render; everything else
 * refuses with the nearest documented alternative until a real capture verifies more.
 */

import { planWith } from "../../core/argv/plan.js";
import { modelFlags } from "../../core/argv/render-common.js";
import type { PlanContext, PlannedInvocation, RenderedOptions, TurnRequest } from "../../core/argv/types.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import { descriptor } from "./descriptor.js";

function render(ctx: PlanContext): RenderedOptions {
  const flags: string[] = [...modelFlags(ctx, false)];
  if (ctx.request.options.autonomy) flags.push(...descriptor.autonomy.value!.argv);
  return { flags, env: {}, files: [], dirs: [] };
}

/** Pure: options → argv/env/files, refusing what the harness cannot express; peers name who can. */
export function planTurn(request: TurnRequest, peers: readonly HarnessDescriptor[]): PlannedInvocation {
  return planWith(descriptor, peers, request, render);
}
