/**
 * Spawn plan for a codex session: `codex <sessionMode argv>` (app-server). An endpoint is wired
 * by the same codexEndpointWiring `hmux run` uses, so a session and a turn against one endpoint
 * get the same overrides and environment.
 */
import { configOverride } from "../../core/argv/toml.js";
import { validateEndpoint } from "../../core/argv/validate.js";
import type { SpawnRequest } from "../../core/exec/ports.js";
import type { SessionFile, SessionRequest } from "../../core/exec/session-plan-types.js";
import { descriptor } from "./descriptor.js";
import { CODEX_NO_SHELL_SNAPSHOT, CODEX_QUIET_OVERRIDES, codexEndpointWiring } from "./endpoint.js";

export { CODEX_ENDPOINT_PROVIDER } from "./endpoint.js";

export interface CodexSessionPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
}

export function planCodexSession(request: SessionRequest): CodexSessionPlan {
  const env: Record<string, string> = { ...request.env };
  if (request.isolate) {
    env.HOME = `${request.stateDir}/home`;
    env.CODEX_HOME = `${request.stateDir}/home/.codex`;
  }
  const argv = [request.binary ?? descriptor.binary.value, ...(descriptor.sessionMode.value?.argv ?? [])];
  let model = request.model;
  if (request.endpoint) {
    const wiring = codexEndpointWiring({
      url: validateEndpoint(descriptor, request.endpoint),
      stallSeconds: request.stallSeconds,
      keySources: [request.env],
    });
    argv.push(...wiring.overrides);
    Object.assign(env, wiring.env);
    const routing = descriptor.endpoint.value;
    model ??= routing?.kind === "codex-model-provider" ? routing.defaultModel : undefined;
  } else {
    // A session runs for a long time: no update check or plugin lookup even against codex's own service.
    argv.push(...CODEX_QUIET_OVERRIDES);
  }
  if (model) argv.push(...configOverride("model", model));
  if (request.effort) argv.push(...configOverride("model_reasoning_effort", request.effort));
  if (request.isolate) argv.push(...CODEX_NO_SHELL_SNAPSHOT);
  // CODEX_HOME must exist before codex starts.
  const files: SessionFile[] = request.isolate ? [{ path: `${request.stateDir}/home/.codex/.keep`, content: "" }] : [];
  return { spawn: { argv, cwd: request.cwd, env, stdin: "pipe" }, files };
}
