/**
 * Spawn plan for a claude session: stream-json in and out, permission prompts on stdio.
 * Endpoint: ANTHROPIC_BASE_URL plus the four variables that keep claude on loopback
 * (live-drive.md §2: with them strace saw no non-loopback connect).
 */
import type { SpawnRequest } from "../../core/exec/ports.js";
import type { SessionFile, SessionRequest } from "../../core/exec/session-plan-types.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ClaudeSessionPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
}

export function claudeSessionArgv(request: SessionRequest): string[] {
  const argv = [
    request.binary ?? "claude",
    "-p",
    "--input-format",
    "stream-json",
    "--output-format",
    "stream-json",
    "--verbose",
    "--permission-prompt-tool",
    "stdio",
  ];
  // Fresh: claude adopts the caller's id, so hmux's handle and claude's session are one id.
  if (request.resume) argv.push("--resume", request.resume);
  else if (UUID.test(request.sessionId)) argv.push("--session-id", request.sessionId); // claude accepts only a UUID
  if (request.model) argv.push("--model", request.model);
  if (request.effort) argv.push("--effort", request.effort);
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
    env.ANTHROPIC_API_KEY = env.ANTHROPIC_API_KEY ?? "hmux-scripted-model";
    env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC = "1";
    env.DISABLE_AUTOUPDATER = "1";
    env.DISABLE_TELEMETRY = "1";
    env.DISABLE_ERROR_REPORTING = "1";
    env.CLAUDE_CODE_MAX_RETRIES = env.CLAUDE_CODE_MAX_RETRIES ?? "1";
  }
  const files: SessionFile[] = request.isolate ? [{ path: `${request.stateDir}/home/.claude/.keep`, content: "" }] : [];
  return { spawn: { argv: claudeSessionArgv(request), cwd: request.cwd, env, stdin: "pipe" }, files };
}
