/**
 * codex app-server notifications → HarnessEvents. The exec decoder reads `exec --json`
 * (thread.started / item.completed …); app-server speaks JSON-RPC notifications with other
 * names and shapes (captured live with codex 0.171.0 against the scripted model), so the
 * mapping lives here. Identity comes from the thread/start response (the bridge reads it). Pure and stateful only in what it remembers about items.
 */

import { classifyFailureText, withExtras } from "../../core/classify.js";
import type { JsonObject } from "../../core/decoder.js";
import type { FailureSummary, HarnessEvent } from "../../core/events.js";
import { CODEX_MATCHERS } from "./decode.js";
import { AppServerUsage } from "./usage.js";

/** What ended a turn, read from turn/completed. */
export interface CodexTurnEnd {
  readonly status: string;
  readonly failure?: FailureSummary;
}

/** Bookkeeping notifications with nothing for the event stream (the bridge reads what it needs). */
const QUIET = new Set([
  "thread/status/changed",
  "account/rateLimits/updated",
  "remoteControl/status/changed",
  "serverRequest/resolved",
  "turn/started",
  "thread/started",
  "item/reasoning/summaryTextDelta",
  "item/reasoning/summaryPartAdded",
  "item/reasoning/textDelta",
  "item/commandExecution/outputDelta",
]);

export class AppServerEvents {
  private readonly matchers = withExtras(CODEX_MATCHERS);
  /** Items seen started, by id, so an approval can describe the call it holds. */
  readonly items = new Map<string, JsonObject>();
  private readonly usage = new AppServerUsage();

  /** Events for one notification; `turnEnd` is set when it was turn/completed. */
  notification(method: string, params: JsonObject): { events: HarnessEvent[]; turnEnd?: CodexTurnEnd } {
    switch (method) {
      case "item/agentMessage/delta":
        return { events: str(params.delta) ? [{ kind: "token", text: str(params.delta)! }] : [] };
      case "item/started":
        return { events: this.itemStarted(obj(params.item)) };
      case "item/completed":
        return { events: this.itemCompleted(obj(params.item)) };
      case "thread/tokenUsage/updated": {
        const usage = this.usage.update(obj(params.tokenUsage));
        return { events: usage ? [usage] : [] };
      }
      case "turn/completed": {
        const turn = obj(params.turn);
        const status = str(turn.status) ?? "completed";
        const message = str(obj(turn.error).message);
        if (status === "failed") {
          const f = classifyFailureText(message ?? "codex reported the turn failed without a message", this.matchers, {
            fallback: "task",
          });
          return { events: [{ kind: "failure", ...f }], turnEnd: { status, failure: f } };
        }
        const events: HarnessEvent[] =
          status === "interrupted"
            ? [{ kind: "progress", label: "interrupted", detail: "the turn was interrupted; the session continues" }]
            : [];
        return { events, turnEnd: { status } };
      }
      case "error": {
        const error = obj(params.error);
        const message = str(error.message) ?? "codex reported an error";
        // willRetry: codex is still trying; the turn's own status decides whether it failed.
        return { events: [{ kind: "error", message, terminal: params.willRetry === false }] };
      }
      case "warning":
      case "configWarning":
        return {
          events: [{ kind: "progress", label: "warning", detail: str(params.message) ?? str(params.summary) ?? "" }],
        };
      default:
        if (QUIET.has(method)) return { events: [] };
        return { events: [{ kind: "unrecognized", nativeType: method, record: params }] };
    }
  }

  private itemStarted(item: JsonObject): HarnessEvent[] {
    const id = str(item.id);
    if (id) this.items.set(id, item);
    switch (item.type) {
      case "commandExecution":
        return [
          {
            kind: "tool",
            phase: "call",
            callId: id ?? null,
            name: "exec_command",
            canonical: "shell",
            input: { command: item.command, cwd: item.cwd },
          },
        ];
      case "fileChange":
        return [
          {
            kind: "tool",
            phase: "call",
            callId: id ?? null,
            name: "apply_patch",
            canonical: "edit",
            input: { changes: item.changes },
          },
        ];
      case "mcpToolCall":
        return [
          {
            kind: "tool",
            phase: "call",
            callId: id ?? null,
            name: `mcp__${String(item.server)}__${String(item.tool)}`,
            input: item.arguments,
          },
        ];
      default:
        return [];
    }
  }

  private itemCompleted(item: JsonObject): HarnessEvent[] {
    const id = str(item.id);
    if (id) this.items.delete(id);
    switch (item.type) {
      case "agentMessage":
        return str(item.text) ? [{ kind: "message", role: "assistant", text: str(item.text)! }] : [];
      case "reasoning": {
        const text = [...arr(item.summary), ...arr(item.content)]
          .filter((t): t is string => typeof t === "string")
          .join("\n");
        return text ? [{ kind: "message", role: "assistant", text, thinking: true }] : [];
      }
      case "commandExecution":
      case "fileChange":
      case "mcpToolCall": {
        const status = str(item.status) ?? "completed";
        const declined = status === "declined";
        const exit = typeof item.exitCode === "number" ? item.exitCode : null;
        const output = str(item.aggregatedOutput) ?? (declined ? "declined" : "");
        return [
          {
            kind: "tool",
            phase: "result",
            callId: id ?? null,
            output,
            isError: declined || status === "failed" || (exit !== null && exit !== 0),
            ...(declined ? { denied: true } : {}),
          },
        ];
      }
      case "userMessage":
        return [];
      default:
        return [{ kind: "progress", label: `item ${String(item.type)}` }];
    }
  }
}

function obj(v: unknown): JsonObject {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as JsonObject) : {};
}
function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}
function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
