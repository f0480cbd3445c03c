/**
 * claude's session: the descriptor's sessionMode argv (stream-json in and out, permission
 * prompts on stdio), then its resume, model and effort flags. Isolation and the endpoint are the
 * launch's harness environment (endpoint.ts), shared with the one-shot turn.
 */

import type { SessionRenderer } from "../../core/argv/harness-plan.js";
import { invariant } from "../../core/invariant.js";
import { descriptor } from "./descriptor.js";

/** claude adopts a caller's id for a fresh session, in the shape its resume ids have (a UUID). */
const SESSION_ID_FLAG = "--session-id";

/** The resume grammar's id flag: the token before the `{id}` placeholder (`--resume {id}`). */
function resumeIdFlag(): string {
  const prefix = descriptor.resume.value.prefix;
  const flag = prefix[prefix.indexOf("{id}") - 1];
  invariant(flag !== undefined, "claude's resume grammar names its id flag before {id}");
  return flag;
}

export const claudeSession: SessionRenderer = ({ request, input }) => {
  const flags: string[] = [];
  const idShape = descriptor.resume.value.idShape;
  // Fresh: claude adopts the caller's id, so hmux's handle and claude's session are one id.
  if (input.resume) flags.push(resumeIdFlag(), input.resume);
  else if (new RegExp(idShape.pattern, idShape.flags).test(input.sessionId))
    flags.push(SESSION_ID_FLAG, input.sessionId);
  const { model, effort } = request.options;
  if (model) flags.push(descriptor.models.value.flag, model);
  const render = descriptor.efforts.value?.render;
  if (effort && render?.kind === "flag") flags.push(render.flag, effort);
  return { flags };
};
