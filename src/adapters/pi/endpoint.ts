/**
 * Pointing pi at a compatible Chat Completions endpoint (docs/harness-facts.md#pi-endpoint): a provider "hmux" in
 * models.json inside the isolated agent dir, retry bounds in settings.json, offline start-up.
 * pi has no base-URL flag or env; the agent dir is the only door, so an endpoint run always
 * uses an isolated PI_CODING_AGENT_DIR.
 */

import { type EnvironmentRenderer, endpointKeyOf } from "../../core/argv/environment.js";
import { joinPath, ownDirOf, stateDirRefusal } from "../../core/argv/isolation.js";
import { openAiBaseUrl } from "../../core/argv/validate.js";
import type { PlannedFile } from "../adapter.js";
import { routingData } from "../endpoint-routing.js";
import { descriptor } from "./descriptor.js";
import { piRoutingSchema } from "./routing.js";

/** The descriptor's routing data, checked when this folder loads. */
const routing = routingData(descriptor, piRoutingSchema);
export const PI_ENDPOINT_PROVIDER = routing.provider;

/** models.json and settings.json for the endpoint provider; its key is the one named for the endpoint, else a placeholder. */
export function piEndpointFiles(url: URL, agentDir: string, model: string, key: string | undefined): PlannedFile[] {
  const models = {
    providers: {
      [PI_ENDPOINT_PROVIDER]: {
        baseUrl: openAiBaseUrl(url),
        api: routing.api,
        apiKey: key ?? "dummy",
        models: [{ id: model, name: `${model} (hmux endpoint)`, contextWindow: 128_000, maxTokens: 4096 }],
      },
    },
  };
  // One retry: pi's SDK retries multiply its own (6 requests for maxRetries 1), so keep it low.
  const settings = { retry: { enabled: true, maxRetries: 1, baseDelayMs: 500 } };
  return [
    { path: joinPath(agentDir, "models.json"), content: `${JSON.stringify(models, null, 2)}\n`, mode: 0o600 },
    { path: joinPath(agentDir, "settings.json"), content: `${JSON.stringify(settings, null, 2)}\n`, mode: 0o600 },
  ];
}

/** Offline start-up and no telemetry, for every channel: pi then reaches no host but its provider's. */
const PI_QUIET_ENV = { PI_OFFLINE: "1", PI_TELEMETRY: "0" };

export function piEndpointEnv(agentDir: string): Record<string, string> {
  return { PI_CODING_AGENT_DIR: agentDir, ...PI_QUIET_ENV };
}

/** The model the endpoint provider is asked for: the user's, else the descriptor's endpoint default. */
export function piEndpointModel(model: string | undefined): string {
  return model ?? routing.defaultModel;
}

/**
 * pi's part of the harness environment, for a turn and a session alike: quiet start-up, and with
 * an endpoint the provider files in the isolated agent dir and the argv selecting it.
 */
export const piEnvironment: EnvironmentRenderer = (request) => {
  if (!request.endpoint) return { env: PI_QUIET_ENV };
  const isolated = request.isolated;
  if (!isolated) throw stateDirRefusal(descriptor, undefined, "endpoint");
  const agentDir = ownDirOf(isolated, descriptor);
  const model = piEndpointModel(request.model);
  return {
    env: piEndpointEnv(agentDir),
    files: piEndpointFiles(request.endpoint, agentDir, model, endpointKeyOf(...request.keySources)),
    argv: ["--provider", PI_ENDPOINT_PROVIDER, "--model", model],
  };
};
