/** pi: json-mode turns, an RPC session gated by hmux's extension, and its own UI in a native pane. */
import type { HarnessModule } from "../adapter.js";
import { binary } from "./binary.js";
import { PI_CHANNELS } from "./capabilities.js";
import { credentialEnv } from "./credentials.js";
import { createDecoder } from "./decode.js";
import { piDecoding } from "./decoding.js";
import { descriptor } from "./descriptor.js";
import { nativePane } from "./native-pane.js";
import { nativeSpellings } from "./native-spellings.js";
import { pinned } from "./pinned.js";
import { plan } from "./plan.js";
import { piRoutingSchema } from "./routing.js";
import { PI_SESSION_CAPABILITIES, PiSessionBridge } from "./session-bridge.js";

export const pi: HarnessModule = {
  name: piDecoding.name,
  descriptor,
  pinned,
  binary,
  credentialEnv,
  endpointRouting: piRoutingSchema,
  matchers: piDecoding.matchers,
  createDecoder,
  plan,
  session: {
    kind: "process",
    capabilities: PI_SESSION_CAPABILITIES,
    createBridge: () => new PiSessionBridge(createDecoder()),
  },
  native: nativePane,
  inDemo: true,
  channels: PI_CHANNELS,
  nativeSpellings,
};
