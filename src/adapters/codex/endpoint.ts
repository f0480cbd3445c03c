/**
 * Pointing codex at a compatible Responses endpoint (live-drive §3), entirely with `-c`
 * overrides so no user config file is touched: a model provider "hmux", the update check,
 * analytics and plugins off (with those strace saw zero non-loopback attempts), and bounded
 * retries. Note: codex retries an UNREACHABLE provider forever regardless; hmux's own
 * --timeout/--stall are what end that.
 */

import { configOverride } from "../../core/argv/toml.js";
import type { TurnRequest } from "../../core/argv/types.js";
import { openAiBaseUrl } from "../../core/argv/validate.js";

export const CODEX_ENDPOINT_KEY_ENV = "HMUX_ENDPOINT_API_KEY";
const DEFAULT_STREAM_IDLE_MS = 60_000;

export function codexEndpointFlags(url: URL, request: TurnRequest): string[] {
  const stall = request.options.stallSeconds;
  const idleMs = stall !== undefined && stall > 0 ? Math.round(stall * 1000) : DEFAULT_STREAM_IDLE_MS;
  const p = "model_providers.hmux";
  return [
    ...configOverride("model_provider", "hmux"),
    ...configOverride(`${p}.name`, "hmux endpoint"),
    ...configOverride(`${p}.base_url`, openAiBaseUrl(url)),
    ...configOverride(`${p}.wire_api`, "responses"),
    ...configOverride(`${p}.env_key`, CODEX_ENDPOINT_KEY_ENV),
    ...configOverride(`${p}.request_max_retries`, 1),
    ...configOverride(`${p}.stream_max_retries`, 0),
    ...configOverride(`${p}.stream_idle_timeout_ms`, idleMs),
    ...configOverride("check_for_update_on_startup", false),
    ...configOverride("analytics.enabled", false),
    ...configOverride("features.plugins", false),
  ];
}

/** codex sends `Authorization: Bearer $HMUX_ENDPOINT_API_KEY`; a placeholder unless one is set. */
export function codexEndpointEnv(request: TurnRequest): Record<string, string> {
  const key = request.inputs.env?.[CODEX_ENDPOINT_KEY_ENV] || request.host?.env?.[CODEX_ENDPOINT_KEY_ENV];
  return { [CODEX_ENDPOINT_KEY_ENV]: key || "dummy" };
}
