/**
 * Spawn plan for a codex session: `codex app-server`, the endpoint given as -c provider
 * overrides (live-drive.md §3: model_provider + model_providers.<id>.* keep codex on
 * loopback; features.plugins=false stops the api.github.com lookup).
 */
import type { SpawnRequest } from "../../core/exec/ports.js";
import type { SessionFile, SessionRequest } from "../../core/exec/session-plan-types.js";

export const CODEX_ENDPOINT_PROVIDER = "hmux";
const KEY_ENV = "HMUX_ENDPOINT_KEY";

export interface CodexSessionPlan {
  readonly spawn: SpawnRequest;
  readonly files: readonly SessionFile[];
}

function toml(value: string): string {
  return JSON.stringify(value);
}

export function planCodexSession(request: SessionRequest): CodexSessionPlan {
  const env: Record<string, string> = { ...request.env };
  if (request.isolate) {
    env.HOME = `${request.stateDir}/home`;
    env.CODEX_HOME = `${request.stateDir}/home/.codex`;
  }
  const argv = [request.binary ?? "codex", "app-server"];
  const set = (key: string, value: string) => argv.push("-c", `${key}=${value}`);
  set("check_for_update_on_startup", "false");
  set("analytics.enabled", "false");
  set("features.plugins", "false");
  if (request.endpoint) {
    const baseUrl = request.endpoint.replace(/\/$/, "").replace(/(\/v1)?$/, "/v1");
    const p = `model_providers.${CODEX_ENDPOINT_PROVIDER}`;
    set("model_provider", toml(CODEX_ENDPOINT_PROVIDER));
    set(`${p}.name`, toml("hmux endpoint"));
    set(`${p}.base_url`, toml(baseUrl));
    set(`${p}.wire_api`, toml("responses"));
    set(`${p}.env_key`, toml(KEY_ENV));
    set(`${p}.request_max_retries`, "1");
    set(`${p}.stream_max_retries`, "0");
    set(`${p}.stream_idle_timeout_ms`, "10000");
    env[KEY_ENV] = env[KEY_ENV] ?? "hmux-scripted-model";
    set("model", toml(request.model ?? "hmux-model"));
  } else if (request.model) {
    set("model", toml(request.model));
  }
  if (request.effort) set("model_reasoning_effort", toml(request.effort));
  // CODEX_HOME must exist before codex starts.
  const files: SessionFile[] = request.isolate ? [{ path: `${request.stateDir}/home/.codex/.keep`, content: "" }] : [];
  return { spawn: { argv, cwd: request.cwd, env, stdin: "pipe" }, files };
}
