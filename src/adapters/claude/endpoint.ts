/**
 * Pointing claude at a compatible Messages endpoint (docs/harness-facts.md#claude-endpoint): base URL and key in the
 * env, non-essential traffic off (with these strace saw no non-loopback connect), one retry. The
 * same variables for a turn, a session and a native pane.
 */
import { type EnvironmentRenderer, endpointKeyOf } from "../../core/argv/environment.js";
import { baseUrlText } from "../../core/argv/validate.js";
import { routingData } from "../endpoint-routing.js";
import { descriptor } from "./descriptor.js";
import { claudeRoutingSchema } from "./routing.js";

const routing = routingData(descriptor, claudeRoutingSchema);

/**
 * The key a custom endpoint gets is one the user named for it (HMUX_ENDPOINT_API_KEY), never the
 * caller's own ANTHROPIC_API_KEY: that would send a vendor key to whatever server --endpoint names.
 */
export function claudeEndpointEnv(url: URL, key: string | undefined): Record<string, string> {
  return {
    [routing.baseUrlEnv]: baseUrlText(url),
    // A placeholder keeps claude from asking for a login; a gateway's real key comes from HMUX_ENDPOINT_API_KEY.
    ANTHROPIC_API_KEY: key ?? "dummy",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_MAX_RETRIES: "1",
  };
}

/** claude's part of the harness environment: only an endpoint sets anything beyond isolation. */
export const claudeEnvironment: EnvironmentRenderer = (request) =>
  request.endpoint ? { env: claudeEndpointEnv(request.endpoint, endpointKeyOf(...request.keySources)) } : {};
