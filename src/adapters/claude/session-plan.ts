/**
 * Spawn plan for a claude session: the descriptor's sessionMode argv (stream-json in and out,
 * permission prompts on stdio), its resume, model and effort flags. Endpoint: ANTHROPIC_BASE_URL
 * plus the four variables that keep claude off every other host (traced: no other connect;
 * docs/harness-facts.md#claude-endpoint).
 */

import type { SpawnRequest } from "../../core/exec/ports.js";
import type { SessionFile, SessionRequest } from "../../core/exec/session-plan-types.js";
import { descriptor } from "./descriptor.js";
import { endpointKey } from "./endpoint.js";

/** claude adopts a caller's id for a fresh session, in the shape its resume ids have (a UUID). */
const SESSION_ID_FLAG = "--session-id";

export interface ClaudeSessionPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
}

/** The resume grammar's id flag: the token before the `{id}` placeholder (`--resume {id}`). */
function resumeIdFlag(): string {
  const prefix = descriptor.resume.value.prefix;
  const flag = prefix[prefix.indexOf("{id}") - 1];
  if (flag === undefined) throw new Error("claude's resume grammar names no id flag");
  return flag;
}

export function claudeSessionArgv(request: SessionRequest): string[] {
  const mode = descriptor.sessionMode.value;
  if (mode === null) throw new Error("claude's descriptor declares no session mode");
  const argv = [request.binary ?? descriptor.binary.value, ...mode.argv];
  const idShape = descriptor.resume.value.idShape;
  // Fresh: claude adopts the caller's id, so hmux's handle and claude's session are one id.
  if (request.resume) argv.push(resumeIdFlag(), request.resume);
  else if (idShape && new RegExp(idShape.pattern, idShape.flags).test(request.sessionId))
    argv.push(SESSION_ID_FLAG, request.sessionId);
  if (request.model) argv.push(descriptor.models.value.flag, request.model);
  const effort = descriptor.efforts.value?.render;
  if (request.effort && effort?.kind === "flag") argv.push(effort.flag, request.effort);
  return argv;
}

export function planClaudeSession(request: SessionRequest): ClaudeSessionPlan {
  const env: Record<string, string> = { ...request.env };
  if (request.isolate) {
    env.HOME = `${request.stateDir}/home`;
    env.CLAUDE_CONFIG_DIR = `${request.stateDir}/home/.claude`;
  }
  if (request.endpoint) {
    env.ANTHROPIC_BASE_URL = request.endpoint.replace(/\/v1\/?$/, "");
    // Never the caller's own ANTHROPIC_API_KEY: only a key named for the endpoint goes to it.
    env.ANTHROPIC_API_KEY = endpointKey(request.env) ?? "hmux-scripted-model";
    env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = "1";
    env.DISABLE_AUTOUPDATER = "1";
    env.DISABLE_TELEMETRY = "1";
    env.DISABLE_ERROR_REPORTING = "1";
    env.CLAUDE_CODE_MAX_RETRIES = env.CLAUDE_CODE_MAX_RETRIES ?? "1";
  }
  const files: SessionFile[] = request.isolate ? [{ path: `${request.stateDir}/home/.claude/.keep`, content: "" }] : [];
  return { spawn: { argv: claudeSessionArgv(request), cwd: request.cwd, env, stdin: "pipe" }, files };
}
