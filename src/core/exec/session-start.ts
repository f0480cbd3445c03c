/**
 * Controls a configuration needs are checked before anything is spawned: each one the
 * session channel cannot deliver is refused by name, under the id `start/<control>`.
 */
import type { ControlEvent } from "../control/types.js";
import { delivers, type BridgeCapabilities, type ControlName } from "./session-bridge.js";

type CommandResult = Extract<ControlEvent, { kind: "command.result" }>;

export function refusedAtStart(capabilities: BridgeCapabilities, required: readonly ControlName[]): CommandResult[] {
  const out: CommandResult[] = [];
  for (const control of new Set(required)) {
    if (delivers(capabilities, control)) continue;
    out.push({
      kind: "command.result",
      id: `start/${control}`,
      outcome: {
        result: "refused",
        refused: { code: "UNSUPPORTED_CONTROL", reason: `this session's configuration needs ${control} and the ${capabilities.harness} session channel cannot deliver it` },
      },
    });
  }
  return out;
}
