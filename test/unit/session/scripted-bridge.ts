/**
 * A bridge whose "harness protocol" is tiny JSON lines, so runtime tests drive every control
 * path by hand:
 *   {"t":"ask","id":"c1","tool":"Bash","input":{…},"timeout":ms?}  → approval (timeout: the harness's own)
 *   {"t":"gone","id":"c1"}                              → approval withdrawn
 *   {"t":"end"}                                          → turn end
 *   {"t":"say","text":"…"}                               → assistant message
 *   {"t":"user","text":"…"}                              → the user's message, as a harness echoes what it was sent
 *   {"t":"ask-q","q":"…"}                                → question event
 *   {"t":"ready"}                                         → ready (when readyAtOnce is false)
 * What it writes: {"w":"send","text"}, {"w":"decide","id","decision"}, {"w":"interrupt"}, {"w":"steer"}.
 */

import { claudeControl } from "../../../src/adapters/claude/capabilities.js";
import type { Decision } from "../../../src/core/control/types.js";
import type { JsonObject } from "../../../src/core/decoder.js";
import type { RequestRef } from "../../../src/core/exec/open-requests.js";
import type { BridgeCapabilities, BridgeOutput, SessionBridge } from "../../../src/core/exec/session-bridge.js";

export function testCapabilities(over: Partial<BridgeCapabilities> = {}): BridgeCapabilities {
  return {
    harness: "claude",
    channel: claudeControl,
    posture: "default",
    midTurnSend: "next-turn",
    ...over,
  };
}

export class ScriptedBridge implements SessionBridge {
  constructor(
    readonly capabilities: BridgeCapabilities = testCapabilities(),
    private readonly readyAtOnce = true,
  ) {}

  start() {
    return { lines: [], readyAtOnce: this.readyAtOnce };
  }
  encodeSend(text: string, turnOpen: boolean) {
    return [JSON.stringify({ w: "send", text, turnOpen })];
  }
  encodeDecision(callId: string, _ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>) {
    return [JSON.stringify({ w: "decide", id: callId, decision })];
  }
  encodeInterrupt(): string[] | null {
    return [JSON.stringify({ w: "interrupt" })];
  }
  encodeSteer(text: string) {
    return [JSON.stringify({ w: "steer", text })];
  }
  encodePermission() {
    return null;
  }
  record(r: JsonObject): BridgeOutput[] {
    switch (r.t) {
      case "ask":
        return [
          {
            kind: "approval",
            ask: {
              callId: String(r.id),
              tool: String(r.tool ?? "Bash"),
              ...(typeof r.canonical === "string" ? { canonical: r.canonical } : {}),
              input: r.input ?? {},
              ...(typeof r.timeout === "number" ? { harnessTimeoutMs: r.timeout } : {}),
            },
          },
        ];
      case "gone":
        return [{ kind: "approval-withdrawn", callId: String(r.id) }];
      case "end":
        return [{ kind: "turn-end" }];
      case "say":
        return [{ kind: "event", event: { kind: "message", role: "assistant", text: String(r.text) } }];
      case "user":
        return [{ kind: "event", event: { kind: "message", role: "user", text: String(r.text) } }];
      case "ask-q":
        return [{ kind: "event", event: { kind: "question", question: String(r.q), options: [] } }];
      case "ready":
        return [{ kind: "ready" }];
      default:
        return [{ kind: "event", event: { kind: "unrecognized", nativeType: String(r.t), record: r } }];
    }
  }
  text(line: string, stream: "stdout" | "stderr"): BridgeOutput[] {
    return [{ kind: "event", event: { kind: "raw", stream, text: line } }];
  }
  end(): BridgeOutput[] {
    return [];
  }
}
