/** Claude Code: stream-json turns, a stream-json control session, and its own UI in a native pane. */
import type { HarnessModule } from "../adapter.js";
import { binary } from "./binary.js";
import { CLAUDE_CHANNELS } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { claudeDecoding } from "./decoding.js";
import { descriptor } from "./descriptor.js";
import { nativePane } from "./native-pane.js";
import { nativeSpellings } from "./native-spellings.js";
import { pinned } from "./pinned.js";
import { plan } from "./plan.js";
import { claudeRoutingSchema } from "./routing.js";
import { CLAUDE_SESSION_CAPABILITIES, ClaudeSessionBridge } from "./session-bridge.js";

export const claude: HarnessModule = {
  name: claudeDecoding.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  endpointRouting: claudeRoutingSchema,
  matchers: claudeDecoding.matchers,
  createDecoder,
  plan,
  // docs/harness-facts.md#claude-approvals: in -p nobody can be asked, so a call claude's rules would ask about is denied.
  oneShotGate: {
    why: "claude -p asks nobody: its own permission system denies every call its settings do not allow",
  },
  session: {
    kind: "process",
    capabilities: CLAUDE_SESSION_CAPABILITIES,
    // Fresh: claude adopts hmux's session id, so the decoder expects that one (or the resumed one).
    createBridge: (request) =>
      new ClaudeSessionBridge(createDecoder({ requestedSessionId: request.resume || request.sessionId })),
  },
  native: nativePane,
  inDemo: true,
  channels: CLAUDE_CHANNELS,
  nativeSpellings,
};
