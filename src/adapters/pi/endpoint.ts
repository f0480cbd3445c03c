/**
 * Pointing pi at a compatible Chat Completions endpoint (docs/harness-facts.md#pi-endpoint): a provider "hmux" in
 * models.json inside the isolated agent dir, retry bounds in settings.json, offline start-up.
 * pi has no base-URL flag or env; the agent dir is the only door, so an endpoint run always
 * uses an isolated PI_CODING_AGENT_DIR.
 */

import { joinPath } from "../../core/argv/isolation.js";
import type { TurnRequest } from "../../core/argv/types.js";
import { openAiBaseUrl } from "../../core/argv/validate.js";
import type { PlannedFile } from "../adapter.js";

export const PI_ENDPOINT_PROVIDER = "hmux";
/** The key a custom endpoint gets: the one the user names for it, never a vendor key. */
export const PI_ENDPOINT_KEY_ENV = "HMUX_ENDPOINT_API_KEY";
const KEY_ENV = PI_ENDPOINT_KEY_ENV;

export function piEndpointFiles(url: URL, agentDir: string, model: string, request: TurnRequest): PlannedFile[] {
  const apiKey = request.inputs.env?.[KEY_ENV] || request.host?.env?.[KEY_ENV] || "dummy";
  const models = {
    providers: {
      [PI_ENDPOINT_PROVIDER]: {
        baseUrl: openAiBaseUrl(url),
        api: "openai-completions",
        apiKey,
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

export function piEndpointEnv(agentDir: string): Record<string, string> {
  return { PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1", PI_TELEMETRY: "0" };
}
