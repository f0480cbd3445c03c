/**
 * Pointing codex at a compatible Responses endpoint, entirely with `-c` overrides so no user
 * config file is touched: a model provider "hmux", the update check, analytics and plugins off
 * (with those off a traced codex made no connection beyond the endpoint), and bounded retries.
 * Note: codex retries an UNREACHABLE provider forever regardless; hmux's own --timeout/--stall
 * are what end that.
 *
 * One wiring for every entry point: a turn and a session get it as their one harness environment
 * (codexEnvironment), a native pane calls codexEndpointWiring, so the same endpoint always gets
 * the same overrides and environment.
 */

import { ENDPOINT_KEY_ENV, type EnvironmentRenderer, endpointKeyOf } from "../../core/argv/environment.js";
import { configOverride } from "../../core/argv/toml.js";
import { openAiBaseUrl } from "../../core/argv/validate.js";
import { routingData } from "../endpoint-routing.js";
import { descriptor } from "./descriptor.js";
import { codexRoutingSchema } from "./routing.js";

/** The descriptor's routing data, checked when this folder loads. */
export const codexRouting = routingData(descriptor, codexRoutingSchema);
export const CODEX_ENDPOINT_PROVIDER = codexRouting.provider;
/** codex sends `Authorization: Bearer $HMUX_ENDPOINT_API_KEY` to the endpoint. */
export const CODEX_ENDPOINT_KEY_ENV = ENDPOINT_KEY_ENV;
/** Sent when nobody set a key: a local endpoint ignores it, and codex refuses an empty one. */
const PLACEHOLDER_KEY = "dummy";
/** Without a --stall budget, codex gives up on a silent stream after a minute. */
const DEFAULT_STREAM_IDLE_MS = 60_000;

/** What the wiring reads; every entry point states the same three facts. */
export interface CodexEndpointInput {
  readonly url: URL;
  /** The turn's inactivity budget: a silent stream ends on codex's side after the same time. */
  readonly stallSeconds?: number | undefined;
  /** Where a real key may already be set, strongest first (the caller's --env, then hmux's own environment). */
  readonly keySources: readonly (Readonly<Record<string, string | undefined>> | undefined)[];
}

export interface CodexEndpointWiring {
  /** `-c key=value` pairs, in order. */
  readonly overrides: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

export function codexEndpointWiring(input: CodexEndpointInput): CodexEndpointWiring {
  const stall = input.stallSeconds;
  const idleMs = stall !== undefined && stall > 0 ? Math.round(stall * 1000) : DEFAULT_STREAM_IDLE_MS;
  const p = `model_providers.${CODEX_ENDPOINT_PROVIDER}`;
  const overrides = [
    ...configOverride("model_provider", CODEX_ENDPOINT_PROVIDER),
    ...configOverride(`${p}.name`, "hmux endpoint"),
    ...configOverride(`${p}.base_url`, openAiBaseUrl(input.url)),
    ...configOverride(`${p}.wire_api`, "responses"),
    ...configOverride(`${p}.env_key`, CODEX_ENDPOINT_KEY_ENV),
    ...configOverride(`${p}.request_max_retries`, 1),
    ...configOverride(`${p}.stream_max_retries`, 0),
    ...configOverride(`${p}.stream_idle_timeout_ms`, idleMs),
    ...CODEX_QUIET_OVERRIDES,
  ];
  const key = endpointKeyOf(...input.keySources);
  return { overrides, env: { [CODEX_ENDPOINT_KEY_ENV]: key ?? PLACEHOLDER_KEY } };
}

/**
 * In an isolated HOME codex must not write shell snapshots: a snapshot (shell_snapshots/*.sh)
 * holds the caller's whole environment, every key and token in it, in plain text, and an
 * isolated dir kept for --resume would keep them. `codex features list` shows the flag.
 */
export const CODEX_NO_SHELL_SNAPSHOT: readonly string[] = configOverride("features.shell_snapshot", false);

/** No update check, analytics or plugin lookup: the calls codex makes beside the model's. */
export const CODEX_QUIET_OVERRIDES: readonly string[] = [
  ...configOverride("check_for_update_on_startup", false),
  ...configOverride("analytics.enabled", false),
  ...configOverride("features.plugins", false),
];

/**
 * codex's part of the harness environment, for a turn and a session alike: the endpoint's
 * overrides and key, else the quiet overrides alone; no shell snapshots in an isolated HOME.
 */
export const codexEnvironment: EnvironmentRenderer = (request) => {
  const wiring = request.endpoint
    ? codexEndpointWiring({ url: request.endpoint, stallSeconds: request.stallSeconds, keySources: request.keySources })
    : { overrides: CODEX_QUIET_OVERRIDES, env: {} };
  return {
    argv: [...wiring.overrides, ...(request.isolated ? CODEX_NO_SHELL_SNAPSHOT : [])],
    env: wiring.env,
  };
};
