/**
 * Pointing claude at a compatible Messages endpoint (docs/harness-facts.md#claude-endpoint): base URL and key in the
 * env, non-essential traffic off (with these strace saw no non-loopback connect), one retry.
 */
import type { TurnRequest } from "../../core/argv/types.js";
import { baseUrlText } from "../../core/argv/validate.js";

/**
 * The key a custom endpoint gets is one the user named for it, never the caller's own
 * ANTHROPIC_API_KEY: that would send a vendor key to whatever server --endpoint names.
 */
export const ENDPOINT_KEY_ENV = "HMUX_ENDPOINT_API_KEY";

/** The endpoint key from the first source that sets one (the caller's --env, then hmux's environment). */
export function endpointKey(
  ...sources: (Readonly<Record<string, string | undefined>> | undefined)[]
): string | undefined {
  return sources.map((env) => env?.[ENDPOINT_KEY_ENV]).find((v) => v !== undefined && v !== "");
}

export function claudeEndpointEnv(url: URL, request: TurnRequest): Record<string, string> {
  const key = endpointKey(request.inputs.env, request.host?.env);
  return {
    ANTHROPIC_BASE_URL: baseUrlText(url),
    // A placeholder keeps claude from asking for a login; a gateway's real key comes from HMUX_ENDPOINT_API_KEY.
    ANTHROPIC_API_KEY: key ?? "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_MAX_RETRIES: "1",
  };
}
