/**
 * codex's multi-turn channel: `codex app-server` JSON-RPC over stdio (docs/harness-facts.md#codex-app-server,
 * schema from `codex app-server generate-json-schema`, 0.171.0). Handshake initialize →
 * initialized → thread/start (or thread/resume) with approvalPolicy "untrusted", so every
 * command that is not known-safe comes to hmux as item/commandExecution/requestApproval.
 * `exec --json`, where codex itself can ask nobody, is the one-shot path only with --autonomy: without
 * it `hmux run` runs its turn here, headless (src/core/launch/turn-gate.ts).
 */

import type { Decision } from "../../core/control/types.js";
import type { JsonObject } from "../../core/decoder.js";
import { OpenRequests, type RequestRef } from "../../core/exec/open-requests.js";
import type { BridgeCapabilities, BridgeOutput, SessionBridge } from "../../core/exec/session-bridge.js";
import { failure } from "../../core/failure.js";
import { safetyDivergence } from "../decoding/safety-notice.js";
import { AppServerEvents } from "./app-server-events.js";
import { codexAppServer } from "./capabilities.js";
import { CODEX_SAFETY_NOTICES } from "./matchers.js";

export const CODEX_SESSION_CAPABILITIES: BridgeCapabilities = {
  harness: "codex",
  // What this channel carries, with the evidence, is its capability row.
  channel: codexAppServer,
  posture: "untrusted",
  // thread/start uses approvalPolicy untrusted: every command that is not known-safe asks. A send mid-turn is a turn/steer.
  midTurnSend: "joins-turn",
};

export interface CodexSessionOptions {
  readonly cwd: string;
  /** Continue this thread (thread/resume) instead of starting one. */
  readonly resumeThreadId?: string;
  readonly model?: string;
  readonly effort?: string;
  readonly sandbox?: "read-only" | "workspace-write" | "danger-full-access";
}

const APPROVAL_METHODS = new Set(["item/commandExecution/requestApproval", "item/fileChange/requestApproval"]);

interface OpenApproval {
  readonly rpcId: string | number;
  readonly command: string | null;
}

export class CodexSessionBridge implements SessionBridge {
  readonly capabilities = CODEX_SESSION_CAPABILITIES;
  private readonly events = new AppServerEvents();
  private readonly open = new OpenRequests<OpenApproval>();
  private threadId: string | null = null;
  private turnId: string | null = null;
  private seq = 0;

  constructor(private readonly options: CodexSessionOptions) {}

  start(): { lines: string[]; readyAtOnce: boolean } {
    return {
      lines: [
        this.request("hmux-initialize", "initialize", {
          clientInfo: { name: "hmux", title: "harnessmux", version: "0.1.0" },
        }),
      ],
      readyAtOnce: false,
    };
  }

  encodeSend(text: string, turnOpen: boolean): string[] {
    const input = [{ type: "text", text, text_elements: [] }];
    if (turnOpen && this.turnId)
      return [
        this.request(`hmux-steer-${++this.seq}`, "turn/steer", {
          threadId: this.threadId,
          expectedTurnId: this.turnId,
          input,
        }),
      ];
    const params: Record<string, unknown> = { threadId: this.threadId, input };
    if (this.options.effort) params.effort = this.options.effort;
    return [this.request(`hmux-turn-${++this.seq}`, "turn/start", params)];
  }

  encodeDecision(callId: string, ref: RequestRef, decision: Exclude<Decision, { decision: "abstain" }>): string[] {
    const approval = this.open.take(callId, ref);
    if (!approval) return [];
    const answer = JSON.stringify({
      id: approval.rpcId,
      result: { decision: decision.decision === "deny" ? "decline" : "accept" },
    });
    if (decision.decision !== "deny" || !this.turnId) return [answer];
    // decline carries no text ("rejected by user"), so the reason reaches the model as a steer —
    // written first, so it is already waiting when codex asks the model again after the decline,
    // and lands in that request (after the rejected call) rather than in a later one.
    const said = `hmux denied ${approval.command ? `the command \`${approval.command}\`` : "that call"}: ${decision.reason}`;
    return [
      this.request(`hmux-reason-${++this.seq}`, "turn/steer", {
        threadId: this.threadId,
        expectedTurnId: this.turnId,
        input: [{ type: "text", text: said, text_elements: [] }],
      }),
      answer,
    ];
  }

  encodeInterrupt(): string[] | null {
    if (!this.threadId || !this.turnId) return [];
    return [
      this.request(`hmux-interrupt-${++this.seq}`, "turn/interrupt", { threadId: this.threadId, turnId: this.turnId }),
    ];
  }

  encodeSteer(text: string): string[] | null {
    if (!this.threadId || !this.turnId) return [];
    return [
      this.request(`hmux-steer-${++this.seq}`, "turn/steer", {
        threadId: this.threadId,
        expectedTurnId: this.turnId,
        input: [{ type: "text", text, text_elements: [] }],
      }),
    ];
  }

  encodePermission(): null {
    return null;
  }

  record(record: JsonObject): BridgeOutput[] {
    const method = typeof record.method === "string" ? record.method : null;
    const hasId = record.id !== undefined && record.id !== null;
    if (method && hasId) return this.serverRequest(method, record.id as string | number, obj(record.params));
    if (method) return this.notification(method, obj(record.params));
    if (hasId) return this.response(String(record.id), record);
    return [{ kind: "event", event: { kind: "unrecognized", nativeType: "jsonrpc", record } }];
  }

  text(line: string, stream: "stdout" | "stderr"): BridgeOutput[] {
    const out: BridgeOutput[] = [{ kind: "event", event: { kind: "raw", stream, text: line } }];
    if (stream === "stderr") out.push(...this.safety(line));
    return out;
  }

  /** A notice that says the sandbox is not the one asked for, as a divergence. */
  private safety(text: string): BridgeOutput[] {
    const asked = { "codex.sandbox": this.options.sandbox ?? "workspace-write" };
    const divergence = safetyDivergence(text, CODEX_SAFETY_NOTICES, asked);
    return divergence ? [{ kind: "event", event: divergence }] : [];
  }

  end(): BridgeOutput[] {
    return [];
  }

  private notification(method: string, params: JsonObject): BridgeOutput[] {
    const out: BridgeOutput[] = [];
    if (method === "turn/started") this.turnId = str(obj(params.turn).id) ?? this.turnId;
    if (method === "serverRequest/resolved") {
      const callId = this.open.withdraw(String(params.requestId));
      if (callId) out.push({ kind: "approval-withdrawn", callId });
    }
    const { events, turnEnd } = this.events.notification(method, params);
    for (const event of events) {
      out.push({ kind: "event", event });
      if (event.kind === "progress" && event.label === "warning" && event.detail)
        out.push(...this.safety(event.detail));
    }
    if (turnEnd) {
      this.turnId = null;
      out.push({ kind: "turn-end", ...(turnEnd.failure ? { failure: turnEnd.failure } : {}) });
    }
    return out;
  }

  private serverRequest(method: string, rpcId: string | number, params: JsonObject): BridgeOutput[] {
    if (!APPROVAL_METHODS.has(method)) {
      // Never leave codex hanging on a request hmux does not answer: an error is a refusal.
      return [
        { kind: "event", event: { kind: "unrecognized", nativeType: method, record: params } },
        {
          kind: "write",
          lines: [
            JSON.stringify({ id: rpcId, error: { code: -32601, message: `hmux does not handle ${method}; refused` } }),
          ],
        },
      ];
    }
    const callId = str(params.itemId) ?? `codex-rpc-${String(rpcId)}`;
    const command = str(params.command) ?? null;
    this.open.add(rpcId, callId, { rpcId, command });
    const isCommand = method === "item/commandExecution/requestApproval";
    const item = this.events.items.get(callId);
    const input = isCommand
      ? { command: params.command, cwd: params.cwd, ...(params.reason ? { reason: params.reason } : {}) }
      : {
          changes: item?.changes ?? null,
          ...(params.reason ? { reason: params.reason } : {}),
          ...(params.grantRoot ? { grantRoot: params.grantRoot } : {}),
        };
    return [
      {
        kind: "approval",
        ask: {
          callId,
          tool: isCommand ? "exec_command" : "apply_patch",
          canonical: isCommand ? "shell" : "edit",
          input,
          ref: rpcId,
        },
      },
    ];
  }

  private response(id: string, record: JsonObject): BridgeOutput[] {
    const error = record.error === undefined ? null : obj(record.error);
    const result = obj(record.result);
    if (id === "hmux-initialize") {
      if (error)
        return [
          {
            kind: "fatal",
            failure: failure("native", `codex app-server refused initialize: ${String(error.message)}`),
          },
        ];
      const threadParams: Record<string, unknown> = {
        cwd: this.options.cwd,
        approvalPolicy: "untrusted",
        sandbox: this.options.sandbox ?? "workspace-write",
      };
      if (this.options.model) threadParams.model = this.options.model;
      const lines = [JSON.stringify({ method: "initialized" })];
      if (this.options.resumeThreadId)
        lines.push(
          this.request("hmux-thread", "thread/resume", { ...threadParams, threadId: this.options.resumeThreadId }),
        );
      else lines.push(this.request("hmux-thread", "thread/start", threadParams));
      return [{ kind: "write", lines }];
    }
    if (id === "hmux-thread") {
      if (error)
        return [
          {
            kind: "fatal",
            failure: failure("native", `codex app-server could not open the thread: ${String(error.message)}`),
          },
        ];
      const thread = obj(result.thread);
      this.threadId = str(thread.id) ?? null;
      if (!this.threadId)
        return [{ kind: "fatal", failure: failure("native", "codex app-server opened a thread without an id") }];
      const model = str(result.model) ?? str(thread.model);
      const identity: BridgeOutput = {
        kind: "event",
        event: {
          kind: "identity",
          harness: "codex",
          sessionId: this.threadId,
          authority: "harness-minted",
          // thread/start's and thread/resume's result name the model beside the thread.
          ...(model ? { model } : {}),
        },
      };
      return [identity, { kind: "ready" }];
    }
    if (id.startsWith("hmux-turn-")) {
      if (error) {
        const f = failure("rejected", `codex refused turn/start: ${String(error.message)}`);
        return [
          { kind: "event", event: { kind: "failure", ...f } },
          { kind: "turn-end", failure: f },
        ];
      }
      this.turnId = str(obj(result.turn).id) ?? this.turnId;
      return [];
    }
    if (error)
      return [{ kind: "event", event: { kind: "error", message: `codex refused ${id}: ${String(error.message)}` } }];
    return [];
  }

  private request(id: string, method: string, params: unknown): string {
    return JSON.stringify({ id, method, params });
  }
}

function obj(v: unknown): JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as JsonObject) : {};
}
function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
