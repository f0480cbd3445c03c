/**
 * What a session's channel lets a person do from the input line and the approval keys, read from
 * its bridge's capability row: worked out on the server for every session row, and by a local
 * handle, so each client offers the same keys without knowing the harness.
 */
import { type BridgeCapabilities, delivers } from "./session-bridge.js";

/** What the harness lets the input line do while a turn runs. */
export interface InputSupport {
  /** `steer`: text reaches the running turn. */
  readonly steer: boolean;
  /** `message.inject`: text is added between turns. */
  readonly inject: boolean;
  /** The harness has its own permission check, so `abstain` means something. */
  readonly abstain: boolean;
  /** `replace` (edit the tool input) can be delivered. */
  readonly replace: boolean;
  /** A deny's reason reaches the model (the channel row's denyReason facet): else the TUI says it will not. */
  readonly denyReason: boolean;
}

function harnessChecksOnItsOwn(capabilities: BridgeCapabilities): boolean {
  const facets = capabilities.channel.facets;
  return facets.escalate.value || facets.humanReviewOnSilence.value;
}

export function supportOf(capabilities: BridgeCapabilities): InputSupport {
  return {
    steer: delivers(capabilities, "steer"),
    inject: delivers(capabilities, "message.inject"),
    // Abstaining hands the call to the harness's own check; on a channel where nobody further
    // reviews it, the core turns an abstain into a deny, so the key is not offered there.
    abstain: harnessChecksOnItsOwn(capabilities),
    replace: delivers(capabilities, "tool.decide/replace"),
    denyReason: capabilities.channel.facets.denyReason.value,
  };
}
