/**
 * Claude Code's multi-turn channel: `-p --input-format stream-json --output-format
 * stream-json --verbose --permission-prompt-tool stdio` (docs/harness-facts.md#claude-control-protocol,
 * verified on 2.1.197 and 2.1.332). Control traffic (`control_request` can_use_tool, our initialize and
 * interrupt acks, cancels) is decoded here; every other record goes to the claude decoder.
 *
 * can_use_tool only arrives for calls claude's own permission check wants to ask about, so the
 * initialize request also registers a PreToolUse hook callback for every tool (matcher "",
 * live on 2.1.197: test/live/control-claude-hooks.test.ts). Each hook_callback is a
 * pre-tool-check: the machine denies what the frame in force does not admit, anything else is
 * answered {} and claude's own flow runs (asking through can_use_tool if it wants to).
 */

import * as z from "zod/mini";
import "../../core/schema-locale.js";
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
import { claudeControl } from "./capabilities.js";
import { canonicalClaudeTool } from "./session-tools.js";

export const CLAUDE_SESSION_CAPABILITIES: BridgeCapabilities = {
  harness: "claude",
  // What this channel carries, with the evidence, is its capability row.
  channel: claudeControl,
  posture: "default",
  // A user line written mid-turn is held by claude and run as its own next turn.
  midTurnSend: "next-turn",
};

const INIT_ID = "hmux-init";
/** The one hook callback hmux registers: PreToolUse for every tool. */
export const PRE_TOOL_CALLBACK_ID = "hmux-pre-tool";
/** "" matches every tool name (".*" does too on 2.1.197; "" is the documented match-all). */
const EVERY_TOOL = "";

interface OpenRequest {
  readonly requestId: string;
  readonly input: unknown;
  readonly via: "can_use_tool" | "hook";
}

const hookInputSchema = z.object({
  tool_name: z.string().check(z.minLength(1)),
  tool_input: z.optional(z.unknown()),
  tool_use_id: z.string().check(z.minLength(1)),
});

export class ClaudeSessionBridge implements SessionBridge {
  readonly capabilities = CLAUDE_SESSION_CAPABILITIES;
  private readonly open = new OpenRequests<OpenRequest>();
  private controlSeq = 0;
  private ready = false;

  constructor(private readonly decoder: StreamDecoder) {}

  start(): { lines: string[]; readyAtOnce: boolean } {
    const hooks = { PreToolUse: [{ matcher: EVERY_TOOL, hookCallbackIds: [PRE_TOOL_CALLBACK_ID] }] };
    return {
      lines: [json({ type: "control_request", request_id: INIT_ID, request: { subtype: "initialize", hooks } })],
      readyAtOnce: false,
    };
  }

  encodeSend(text: string): string[] {
    return [json({ type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" })];
  }

  encodeDecision(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): string[] {
    const req = this.open.take(callId, ref);
    if (!req) return [];
    if (req.via === "hook") return [success(req.requestId, hookAnswer(decision))];
    const response =
      decision.decision === "deny"
        ? { behavior: "deny", message: decision.reason }
        : { behavior: "allow", updatedInput: decision.decision === "replace" ? decision.input : req.input };
    return [json({ type: "control_response", response: { subtype: "success", request_id: req.requestId, response } })];
  }

  encodeContinue(callId: string, ref: RequestRef): string[] {
    const req = this.open.take(callId, ref);
    // {} is "no decision": claude's own permission flow runs and may still ask via can_use_tool.
    return req ? [success(req.requestId, {})] : [];
  }

  encodeInterrupt(): string[] {
    return [
      json({ type: "control_request", request_id: `hmux-int-${++this.controlSeq}`, request: { subtype: "interrupt" } }),
    ];
  }

  encodeSteer(): null {
    return null;
  }

  encodePermission(posture: string): string[] {
    return [
      json({
        type: "control_request",
        request_id: `hmux-perm-${++this.controlSeq}`,
        request: { subtype: "set_permission_mode", mode: posture },
      }),
    ];
  }

  record(record: JsonObject): BridgeOutput[] {
    switch (record.type) {
      case "control_request":
        return this.controlRequest(record);
      case "control_response":
        return this.controlResponse(record);
      case "control_cancel_request": {
        const callId = this.open.withdraw(String(record.request_id));
        if (!callId) return [];
        return [{ kind: "approval-withdrawn", callId }];
      }
      case "result":
        return [...this.decoded(record), { kind: "turn-end" }];
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

  private controlRequest(record: JsonObject): BridgeOutput[] {
    const requestId = typeof record.request_id === "string" ? record.request_id : null;
    const request = (record.request ?? {}) as JsonObject;
    if (requestId === null)
      return [{ kind: "event", event: { kind: "unrecognized", nativeType: "control_request", record } }];
    if (request.subtype === "hook_callback") return this.hookCallback(requestId, request, record);
    if (request.subtype !== "can_use_tool") {
      // Anything we did not register for is answered with an error so claude never hangs on it.
      const error = `hmux does not handle control_request ${String(request.subtype)}`;
      return [
        {
          kind: "event",
          event: { kind: "unrecognized", nativeType: `control_request/${String(request.subtype)}`, record },
        },
        {
          kind: "write",
          lines: [json({ type: "control_response", response: { subtype: "error", request_id: requestId, error } })],
        },
      ];
    }
    const tool = typeof request.tool_name === "string" ? request.tool_name : "unknown";
    const callId = typeof request.tool_use_id === "string" ? request.tool_use_id : requestId;
    this.open.add(requestId, callId, { requestId, input: request.input ?? {}, via: "can_use_tool" });
    const canonical = canonicalClaudeTool(tool);
    return [
      {
        kind: "approval",
        ask: { callId, tool, ...(canonical ? { canonical } : {}), input: request.input ?? {}, ref: requestId },
      },
    ];
  }

  private hookCallback(requestId: string, request: JsonObject, record: JsonObject): BridgeOutput[] {
    const input = hookInputSchema.safeParse(request.input);
    if (request.callback_id !== PRE_TOOL_CALLBACK_ID || !input.success) {
      // Fail closed: a callback hmux cannot read is a call nobody checked, so it does not run.
      const why =
        request.callback_id !== PRE_TOOL_CALLBACK_ID
          ? `unknown hook callback ${JSON.stringify(request.callback_id)}`
          : `a malformed PreToolUse hook callback (${input.error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`;
      const reason = `hmux could not check this call (${why}), so it is denied; nothing ran`;
      return [
        { kind: "event", event: { kind: "unrecognized", nativeType: "control_request/hook_callback", record } },
        { kind: "write", lines: [success(requestId, hookAnswer({ decision: "deny", reason }))] },
      ];
    }
    const { tool_name: tool, tool_use_id: callId } = input.data;
    const toolInput = input.data.tool_input ?? {};
    this.open.add(requestId, callId, { requestId, input: toolInput, via: "hook" });
    const canonical = canonicalClaudeTool(tool);
    return [
      {
        kind: "pre-tool-check",
        ask: { callId, tool, ...(canonical ? { canonical } : {}), input: toolInput, ref: requestId },
      },
    ];
  }

  private controlResponse(record: JsonObject): BridgeOutput[] {
    const response = (record.response ?? {}) as JsonObject;
    if (response.request_id === INIT_ID && !this.ready) {
      if (response.subtype === "error") {
        return [
          {
            kind: "fatal",
            failure: failure("native", `claude refused the initialize control request: ${String(response.error)}`),
          },
        ];
      }
      this.ready = true;
      return [{ kind: "ready" }];
    }
    if (response.subtype === "error") {
      return [
        {
          kind: "event",
          event: {
            kind: "error",
            message: `claude refused control request ${String(response.request_id)}: ${String(response.error)}`,
          },
        },
      ];
    }
    return [];
  }
}

/** A PreToolUse hook answer: deny blocks the call with its reason (the model sees it); allow is {}, claude's own flow. */
function hookAnswer(decision: Exclude<Decision, { decision: "abstain" }>): JsonObject {
  switch (decision.decision) {
    case "deny":
      return {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: decision.reason,
        },
      };
    case "replace":
      return {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "allow",
          updatedInput: decision.input as JsonObject,
        },
      };
    case "allow":
      return {};
  }
}

function success(requestId: string, response: unknown): string {
  return json({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });
}

function json(value: unknown): string {
  return JSON.stringify(value);
}
