/**
 * pi's multi-turn channel: `pi --mode rpc -e hmux-gate.ts` (docs/harness-facts.md#pi-rpc; recorded
 * in test/unit/decode/hcn-fixtures/pi-rpc-spike). Commands: prompt / follow_up / steer / abort / get_state. Tool calls
 * are held by hmux's gate extension as `extension_ui_request` input dialogs titled
 * hmux-gate/1 and answered with `extension_ui_response`. Other records go to the pi decoder.
 */

import type { Decision } from "../../core/control/types.js";
import type { JsonObject, StreamDecoder } from "../../core/decoder.js";
import { OpenRequests, type RequestRef } from "../../core/exec/open-requests.js";
import {
  asBridgeEvents,
  type BridgeCapabilities,
  type BridgeOutput,
  type SessionBridge,
} from "../../core/exec/session-bridge.js";
import { failure } from "../../core/failure.js";
import { piExtension } from "./capabilities.js";
import { GATE_TITLE } from "./extension/hmux-gate.js";

/** The gate's own dialog timeout; hmux's deadline sits strictly below it. */
export const PI_GATE_TIMEOUT_MS = 60_000;

export const PI_SESSION_CAPABILITIES: BridgeCapabilities = {
  harness: "pi",
  // What this channel carries, with the evidence, is its capability row.
  channel: piExtension,
  posture: null,
  // A send while a turn runs becomes a follow_up, consumed before the agent settles.
  midTurnSend: "joins-turn",
};

const STATE_ID = "hmux-state";

export class PiSessionBridge implements SessionBridge {
  readonly capabilities = PI_SESSION_CAPABILITIES;
  private readonly open = new OpenRequests<string>();
  private followUps = 0;
  private promptSeq = 0;
  private ready = false;

  constructor(private readonly decoder: StreamDecoder) {}

  start(): { lines: string[]; readyAtOnce: boolean } {
    // pi announces no identity in rpc mode: get_state is the only way to learn the session id.
    return { lines: [json({ id: STATE_ID, type: "get_state" })], readyAtOnce: false };
  }

  encodeSend(text: string, turnOpen: boolean): string[] {
    if (!turnOpen) return [json({ id: `hmux-prompt-${++this.promptSeq}`, type: "prompt", message: text })];
    this.followUps += 1;
    return [json({ type: "follow_up", message: text })];
  }

  encodeDecision(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): string[] {
    const uiId = this.open.take(callId, ref);
    if (uiId === undefined) return [];
    return [json({ type: "extension_ui_response", id: uiId, value: JSON.stringify(decision) })];
  }

  encodeInterrupt(): string[] {
    return [json({ type: "abort" })];
  }

  encodeSteer(text: string): string[] {
    return [json({ type: "steer", message: text })];
  }

  encodePermission(): null {
    return null;
  }

  record(record: JsonObject): BridgeOutput[] {
    switch (record.type) {
      case "extension_ui_request":
        return this.uiRequest(record);
      case "response":
        return this.response(record);
      case "agent_end": {
        const decoded = this.decoded(record);
        if (this.followUps > 0) {
          this.followUps -= 1; // the queued follow-up starts another agent cycle in this turn
          return decoded;
        }
        return [...decoded, { kind: "turn-end" }];
      }
      case "queue_update":
        return [];
      default:
        return this.decoded(record);
    }
  }

  text(line: string, stream: "stdout" | "stderr"): BridgeOutput[] {
    return asBridgeEvents(this.decoder.text(line, stream));
  }

  end(): BridgeOutput[] {
    return asBridgeEvents(this.decoder.end());
  }

  private decoded(record: JsonObject): BridgeOutput[] {
    return asBridgeEvents(this.decoder.record(record));
  }

  private uiRequest(record: JsonObject): BridgeOutput[] {
    if (record.method !== "input" || record.title !== GATE_TITLE) return []; // notify/status noise from other extensions
    const uiId = String(record.id);
    let described: { callId?: unknown; tool?: unknown; input?: unknown; timeoutMs?: unknown } = {};
    try {
      described = JSON.parse(String(record.placeholder)) as typeof described;
    } catch {
      return [
        { kind: "event", event: { kind: "error", message: "hmux-gate sent a request hmux cannot read; it is denied" } },
        {
          kind: "write",
          lines: [
            json({
              type: "extension_ui_response",
              id: uiId,
              value: JSON.stringify({
                decision: "deny",
                reason: "hmux could not read this call's description, so it fails closed",
              }),
            }),
          ],
        },
      ];
    }
    const callId = typeof described.callId === "string" ? described.callId : uiId;
    const tool = typeof described.tool === "string" ? described.tool : "unknown";
    this.open.add(uiId, callId, uiId);
    const canonical = PI_CANONICAL[tool];
    // The gate's own dialog timeout is the harness's deadline for this call; hmux's sits below it.
    // The gate states its own timeout in the request; trust only a sane positive number.
    const gateTimeout =
      typeof described.timeoutMs === "number" && Number.isInteger(described.timeoutMs) && described.timeoutMs > 0
        ? described.timeoutMs
        : PI_GATE_TIMEOUT_MS;
    return [
      {
        kind: "approval",
        ask: {
          callId,
          tool,
          ...(canonical ? { canonical } : {}),
          input: described.input ?? {},
          ref: uiId,
          harnessTimeoutMs: gateTimeout,
        },
      },
    ];
  }

  private response(record: JsonObject): BridgeOutput[] {
    if (record.id === STATE_ID && !this.ready) {
      if (record.success !== true)
        return [{ kind: "fatal", failure: failure("native", `pi refused get_state: ${String(record.error)}`) }];
      this.ready = true;
      const data = (record.data ?? {}) as JsonObject;
      const model = (data.model ?? null) as JsonObject | null;
      const out: BridgeOutput[] = [];
      if (typeof data.sessionId === "string") {
        out.push({
          kind: "event",
          event: {
            kind: "identity",
            harness: "pi",
            sessionId: data.sessionId,
            authority: "harness-minted",
            ...(model && typeof model.id === "string" ? { model: model.id } : {}),
          },
        });
      }
      out.push({ kind: "ready" });
      return out;
    }
    if (record.success === false) {
      const message = `pi refused ${String(record.command)}: ${String(record.error)}`;
      if (record.command === "prompt") {
        const f = failure("rejected", message);
        return [
          { kind: "event", event: { kind: "failure", ...f } },
          { kind: "turn-end", failure: f },
        ];
      }
      return [{ kind: "event", event: { kind: "error", message } }];
    }
    return [];
  }
}

const PI_CANONICAL: Readonly<Record<string, "shell" | "read" | "write" | "edit" | "grep" | "glob" | "list">> = {
  bash: "shell",
  read: "read",
  write: "write",
  edit: "edit",
  grep: "grep",
  find: "glob",
  ls: "list",
};

function json(value: unknown): string {
  return JSON.stringify(value);
}
