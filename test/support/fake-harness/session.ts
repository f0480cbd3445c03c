/**
 * mimic's session: one process speaking Claude Code's stream-json control protocol, so it is
 * driven by claude's bridge and decoded by claude's decoder, under its own name.
 */

import type { ProcessSession } from "../../../src/adapters/adapter.js";
import { CLAUDE_SESSION_CAPABILITIES, ClaudeSessionBridge } from "../../../src/adapters/claude/session-bridge.js";
import type { BridgeCapabilities } from "../../../src/core/exec/session-bridge.js";
import type { SessionRequest } from "../../../src/core/exec/session-plan-types.js";
import { mimicControl } from "./capabilities.js";
import { createMimicDecoder } from "./decoder.js";
import { descriptor } from "./descriptor.js";

/** claude's posture and mid-turn rule (the same wire), on mimic's own channel row. */
const MIMIC_CAPABILITIES: BridgeCapabilities = {
  ...CLAUDE_SESSION_CAPABILITIES,
  harness: descriptor.name,
  channel: mimicControl,
};

class MimicSessionBridge extends ClaudeSessionBridge {
  override readonly capabilities = MIMIC_CAPABILITIES;
}

function plan(request: SessionRequest): ReturnType<ProcessSession["plan"]> {
  const mode = descriptor.sessionMode.value;
  if (mode === null) throw new Error("mimic's descriptor declares no session mode");
  const argv = [request.binary ?? descriptor.binary.value, ...mode.argv];
  if (request.resume) argv.push("--resume", request.resume);
  else argv.push("--session-id", request.sessionId);
  if (request.model) argv.push(descriptor.models.value.flag, request.model);
  return { spawn: { argv, cwd: request.cwd, env: { ...request.env }, stdin: "pipe" }, files: [] };
}

export const session: ProcessSession = {
  kind: "process",
  capabilities: MIMIC_CAPABILITIES,
  plan,
  createBridge: (request) =>
    new MimicSessionBridge(createMimicDecoder({ requestedSessionId: request.resume || request.sessionId })),
};
