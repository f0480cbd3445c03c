/**
 * Codex argv: `codex exec --json --skip-git-repo-check <options> <passthrough> -- <prompt>`
 * (resume: `codex exec resume <id> …`, resume-last: `codex exec resume --last …`). The prompt
 * always follows `--`: a bare prompt word such as "resume" or "review" would otherwise be
 * parsed as a subcommand, and a leading '-' as a flag (probed on 0.171: `exec resume --last
 * -- "resume"` resumed the newest thread with that text as the prompt).
 */

import { mutuallyExclusive } from "../../core/argv/refusals.js";
import { effortValue, modelFlags } from "../../core/argv/render-common.js";
import { configOverride } from "../../core/argv/toml.js";
import type { PlanContext, RenderedOptions } from "../../core/argv/types.js";
import { validateEndpoint } from "../../core/argv/validate.js";
import { descriptor } from "./descriptor.js";
import { codexRouting } from "./endpoint.js";
import { askedSandbox, codexSettings } from "./options.js";

/** --access is rendered as the sandbox, so the two cannot both be said (option resolution refuses it first). */
function sandboxFlags(ctx: PlanContext): string[] {
  const o = ctx.request.options;
  if (o.access !== undefined && codexSettings(o).sandbox !== undefined) {
    throw mutuallyExclusive(
      descriptor,
      "access",
      "codex.sandbox",
      "--access read renders --sandbox read-only; use --access or --codex-sandbox, not both",
    );
  }
  const sandbox = askedSandbox(o);
  return sandbox !== undefined ? ["--sandbox", sandbox] : [];
}

/** The turn's own flags; the endpoint's overrides are the harness environment's (endpoint.ts). */
export function renderTurn(ctx: PlanContext): RenderedOptions {
  const o = ctx.request.options;
  const flags: string[] = [];
  const url = o.endpoint !== undefined ? validateEndpoint(descriptor, o.endpoint) : undefined;
  const fallbackModel = url ? codexRouting.defaultModel : undefined;

  flags.push(...modelFlags(ctx, url !== undefined, fallbackModel));
  const effort = effortValue(ctx);
  if (effort !== undefined) flags.push(...configOverride("model_reasoning_effort", effort));
  flags.push(...sandboxFlags(ctx));
  // Accepted together with --sandbox (probed on 0.171): the bypass wins natively.
  if (o.autonomy) flags.push(...descriptor.autonomy.value!.argv);
  const { contextWindow } = codexSettings(o);
  if (contextWindow !== undefined) flags.push(...configOverride("model_context_window", contextWindow));
  const memory = descriptor.memory.value;
  if (o.memory === false && memory.kind === "argv-disable") flags.push(...memory.argv);
  if (o.systemPrompt !== undefined) flags.push(...configOverride("instructions", o.systemPrompt));
  return { flags, env: {}, files: [], dirs: [] };
}
