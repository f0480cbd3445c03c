/**
 * Controls a configuration needs are checked before anything is spawned (refusalsAtStart
 * over the capability table), plus the one hmux adds: a configuration that
 * needs replace on a channel that cannot carry it is refused as `start/tool.decide/replace`.
 */
import type { CommandName, DecisionMode } from "../control/machine-types.js";
import { refusalsAtStart, startRefusalEvents } from "../control/start-refusals.js";
import type { ControlEvent } from "../control/types.js";
import type { BridgeCapabilities, ControlName } from "./session-bridge.js";
import type { ApprovalMode } from "./session-types.js";

/** Who decides a call, from the caller's --approvals: allow observes, deny is headless (policy decides), frame, else ask. */
export function decisionModeOf(approvals: ApprovalMode): DecisionMode {
  return approvals === "allow" ? "observe" : approvals === "frame" ? "frame" : "ask";
}

export function refusedAtStart(
  bridge: BridgeCapabilities,
  mode: DecisionMode,
  required: readonly ControlName[],
  policy: boolean,
): ControlEvent[] {
  const caps = bridge.channel;
  const expects = required.filter((c): c is CommandName => c !== "tool.decide/replace");
  const out = startRefusalEvents(refusalsAtStart(caps, { mode, expects, policy, posture: bridge.posture }));
  if (required.includes("tool.decide/replace") && !caps.facets.replace.value) {
    out.push({
      kind: "command.result",
      id: "start/tool.decide/replace",
      outcome: {
        result: "refused",
        refused: {
          code: "UNSUPPORTED_CONTROL",
          reason: `this session's configuration needs tool.decide/replace and the ${caps.harness} ${caps.mode} channel cannot carry a replacement input (${caps.facets.replace.note ?? "replace facet absent"})`,
        },
      },
    });
  }
  return out;
}
