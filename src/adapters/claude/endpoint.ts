/**
 * Pointing claude at a compatible Messages endpoint (docs/harness-facts.md#claude-endpoint): base URL and key in the
 * env, non-essential traffic off (with these strace saw no non-loopback connect), one retry.
 */
import type { TurnRequest } from "../../core/argv/types.js";
import { baseUrlText } from "../../core/argv/validate.js";

export function claudeEndpointEnv(url: URL, request: TurnRequest): Record<string, string> {
  const key = request.inputs.env?.ANTHROPIC_API_KEY || request.host?.env?.ANTHROPIC_API_KEY;
  return {
    ANTHROPIC_BASE_URL: baseUrlText(url),
    // A placeholder key keeps claude from asking for a login; a real key is kept for real gateways.
    ANTHROPIC_API_KEY: key || "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_MAX_RETRIES: "1",
  };
}
