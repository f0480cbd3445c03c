/** Codex CLI: exec --json turns, an app-server JSON-RPC session, and its own UI in a native pane. */
import type { HarnessModule } from "../adapter.js";
import { binary } from "./binary.js";
import { CODEX_CHANNELS } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { codexDecoding } from "./decoding.js";
import { descriptor } from "./descriptor.js";
import { nativePane } from "./native-pane.js";
import { nativeSpellings } from "./native-spellings.js";
import { askedSandbox, codexOptions } from "./options.js";
import { pinned } from "./pinned.js";
import { plan } from "./plan.js";
import { codexRoutingSchema } from "./routing.js";
import { CODEX_SESSION_CAPABILITIES, CodexSessionBridge } from "./session-bridge.js";

export const codex: HarnessModule = {
  name: codexDecoding.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  endpointRouting: codexRoutingSchema,
  matchers: codexDecoding.matchers,
  createDecoder,
  plan,
  session: {
    kind: "process",
    capabilities: CODEX_SESSION_CAPABILITIES,
    createBridge: (request) => {
      const sandbox = askedSandbox(request);
      return new CodexSessionBridge({
        cwd: request.cwd,
        ...(request.resume ? { resumeThreadId: request.resume } : {}),
        ...(request.model ? { model: request.model } : {}),
        ...(request.effort ? { effort: request.effort } : {}),
        ...(sandbox ? { sandbox } : {}),
      });
    },
    // thread/start takes the sandbox (--access is rendered as one), and app-server takes -c
    // model_context_window like exec, so a one-shot turn gated through the app-server keeps them.
    carries: ["access", "codex.sandbox", "codex.contextWindow"],
  },
  native: nativePane,
  inDemo: true,
  channels: CODEX_CHANNELS,
  options: codexOptions,
  nativeSpellings,
};
