/** Renderer pieces several harnesses share: model and effort flags from the descriptor vocabulary. */
import type { PlanContext } from "./types.js";
import { resolveModel, validateEffort } from "./validate.js";

/** `--model <native>` (alias resolved), or nothing. `fallback` is used when none was asked for. */
export function modelFlags(ctx: PlanContext, endpoint: boolean, fallback?: string): string[] {
  const model = ctx.request.options.model;
  if (model === undefined) return fallback === undefined ? [] : [ctx.self.models.value.flag, fallback];
  return [ctx.self.models.value.flag, resolveModel(ctx.self, ctx.all, model, endpoint)];
}

/** The validated effort word, or undefined when none was asked for. */
export function effortValue(ctx: PlanContext): string | undefined {
  const { effort, model } = ctx.request.options;
  if (effort === undefined) return undefined;
  const native = model === undefined ? undefined : (ctx.self.models.value.aliases[model] ?? model);
  return validateEffort(ctx.self, ctx.all, effort, native);
}

export const NOTHING_RENDERED = Object.freeze({ flags: [], env: {}, files: [], dirs: [] });
