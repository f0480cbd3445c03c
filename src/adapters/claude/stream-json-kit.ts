/**
 * What claude's folder lends a harness plugin whose CLI speaks Claude Code's stream-json protocol
 * (src/adapters/plugin-api.ts): the decoder, the control channel's capability row and the session
 * bridge, each re-issued under the plugin's own harness name, so the plugin reuses the protocol
 * without reaching into this folder.
 */
import type { ChannelCapabilities } from "../../core/control/capabilities.js";
import type { DecoderContext, StreamDecoder } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";
import { deepFreeze } from "../../core/evidence.js";
import type { BridgeCapabilities, SessionBridge } from "../../core/exec/session-bridge.js";
import { claudeControl } from "./capabilities.js";
import { createDecoder } from "./decode.js";
import { CLAUDE_SESSION_CAPABILITIES, ClaudeSessionBridge } from "./session-bridge.js";

export interface StreamJsonKit {
  /** The protocol's decoder; the identity it announces names `harness`. */
  createDecoder(harness: string, context?: DecoderContext): StreamDecoder;
  /** The control channel's capability row (what a command and a decision carry, with claude's evidence), as `harness`'s row. */
  controlRow(harness: string): ChannelCapabilities;
  /** The session posture and mid-turn rule of the protocol, on the plugin's own row. */
  sessionCapabilities(channel: ChannelCapabilities): BridgeCapabilities;
  /** The bridge a process session drives the CLI through. */
  createSessionBridge(capabilities: BridgeCapabilities, decoder: StreamDecoder): SessionBridge;
}

/** claude's bridge on the plugin's own capabilities (the bridge reads them off itself). */
class PluginSessionBridge extends ClaudeSessionBridge {
  override readonly capabilities: BridgeCapabilities;
  constructor(capabilities: BridgeCapabilities, decoder: StreamDecoder) {
    super(decoder);
    this.capabilities = capabilities;
  }
}

function renamed(harness: string, inner: StreamDecoder): StreamDecoder {
  const own = (events: HarnessEvent[]): HarnessEvent[] =>
    events.map((e) => (e.kind === "identity" ? { ...e, harness } : e));
  return {
    record: (record) => own(inner.record(record)),
    text: (line, stream) => own(inner.text(line, stream)),
    end: () => own(inner.end()),
    incompleteTurn: () => inner.incompleteTurn?.(),
  };
}

export const streamJsonKit: StreamJsonKit = Object.freeze({
  createDecoder: (harness: string, context: DecoderContext = {}) => renamed(harness, createDecoder(context)),
  controlRow: (harness: string) => deepFreeze({ ...claudeControl, id: `${harness}-control`, harness }),
  sessionCapabilities: (channel: ChannelCapabilities) =>
    Object.freeze({ ...CLAUDE_SESSION_CAPABILITIES, harness: channel.harness, channel }),
  createSessionBridge: (capabilities: BridgeCapabilities, decoder: StreamDecoder): SessionBridge =>
    new PluginSessionBridge(capabilities, decoder),
});
