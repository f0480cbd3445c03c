/**
 * pi's interactive UI in a native pane. pi has no lifecycle hooks hmux can install, so the
 * pane's state stays unknown; with an endpoint its isolated agent dir gets the provider.
 */
import { endpointKeyOf } from "../../core/argv/environment.js";
import type { NativePane } from "../adapter.js";
import { PI_ENDPOINT_PROVIDER, piEndpointEnv, piEndpointFiles } from "./endpoint.js";

export const nativePane: NativePane = {
  hooks: false,
  interruptKey: "\u001b",
  plan(input) {
    if (!(input.endpoint && input.home))
      return { flags: input.model ? ["--model", input.model] : [], env: {}, files: [] };
    const agentDir = `${input.home}/.pi/agent`;
    const model = input.model ?? "hmux-model";
    return {
      flags: ["--provider", PI_ENDPOINT_PROVIDER, "--model", model],
      env: piEndpointEnv(agentDir),
      files: piEndpointFiles(input.endpoint, agentDir, model, endpointKeyOf(input.hostEnv)),
    };
  },
};
