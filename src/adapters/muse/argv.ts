/**
 * Muse argv: `muse exec --json <options> <prompt> <passthrough>` (resume: `muse exec
 * --session-id <id> --json …`). Muse refuses --resume-last (no most-recent grammar in exec),
 * --endpoint (no documented base URL) and explicit memory values (it cannot turn memory off).
 * Its write and shell gates are its own settings (options.ts).
 */

import { ISOLATION_ONLY } from "../../core/argv/environment.js";
import { type HarnessPlan, planHarness } from "../../core/argv/harness-plan.js";
import { effortValue, modelFlags } from "../../core/argv/render-common.js";
import type { PlanContext, RenderedOptions, TurnRequest } from "../../core/argv/types.js";
import type { HarnessDescriptor } from "../../core/descriptor.js";
import { descriptor } from "./descriptor.js";
import { museSettings } from "./options.js";

function render(ctx: PlanContext): RenderedOptions {
  const o = ctx.request.options;
  const flags: string[] = [...modelFlags(ctx, false)];
  const effort = effortValue(ctx);
  if (effort !== undefined) flags.push("--reasoning-effort", effort);
  // Category gates: the tools stay listed, calls are denied (phase0 muse-category-flags).
  const { maxSteps, write, shell } = museSettings(o);
  if (write === false || o.access === "read") flags.push("--disable-write");
  if (shell === false || o.access === "read") flags.push("--disable-shell");
  if (maxSteps !== undefined) flags.push("--max-model-steps", String(maxSteps));
  if (o.autonomy) flags.push(...descriptor.autonomy.value!.argv);
  return { flags, env: {}, files: [], dirs: [] };
}

/**
 * The one planner: nothing of its own in the harness environment (isolation only) and no process
 * session (a session is one turn per process, each planned here).
 */
export function plan(request: TurnRequest, peers: readonly HarnessDescriptor[]): HarnessPlan {
  return planHarness(descriptor, peers, request, { environment: ISOLATION_ONLY, turn: render });
}
