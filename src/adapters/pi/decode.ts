/**
 * pi `--mode json` (and the `--mode rpc` extras) → HarnessEvent. Record shapes: the json and rpc
 * documentation in pi's package (0.73.1), docs/harness-facts.md#pi-stream, and the recorded
 * streams (0.84.2) in test/unit/decode/hcn-fixtures (harnesses/pi*.ndjson, pi-rpc-spike/).
 *
 * - session → identity; an rpc `get_state` response carrying data.sessionId → identity too.
 * - message_update text_delta / thinking_delta → token; the other deltas (text_start/end,
 *   toolcall_*) repeat what message_end and tool_execution_* carry → progress.
 * - message_end assistant → messages per text/thinking block, and its usage (pi/usage.ts). stopReason "error" is how pi reports
 *   every provider failure (it exits 0): an error event and a pending failure classified from
 *   errorMessage. It is pending because pi retries on its own: auto_retry_start clears it;
 *   agent_end{willRetry:false}, auto_retry_end{success:false}, agent_settled and the end of the
 *   stream emit it. stopReason "aborted" → error (the caller asked), not a failure.
 * - tool_execution_start/end → tool call/result; a result an extension blocked is denied:true.
 * - lifecycle records (agent_*, turn_*, message_start, entry_appended, compaction_*,
 *   tool_execution_update, auto_retry_*, queue_update, rpc responses, extension notices) → progress.
 *   Extension dialogs (confirm/select/input/editor) need an answer and have no rule here →
 *   unrecognized; a session bridge answers them before the decoder sees them.
 */

import { classifyFailureText, type MatcherSet, mergeExtras, withExtras } from "../../core/classify.js";
import type { DecoderContext, JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { FailureSummary, HarnessEvent } from "../../core/events.js";
import { failureEvent } from "../../core/failure.js";
import { canonicalTool } from "../decoding/canonical-tool.js";
import { IdentityTracker } from "../decoding/identity-tracker.js";
import { arr, contentText, obj, str, unrecognized } from "../decoding/record-fields.js";
import { textLineEvents } from "../decoding/text-line-events.js";
import { PI_MATCHERS } from "./matchers.js";
import { piMessageUsage } from "./usage.js";

export { PI_MATCHERS } from "./matchers.js";

/** pi tool names → canonical (spec tool table). */
export const PI_CANONICAL_TOOLS: Readonly<Record<string, string>> = {
  read: "read",
  write: "write",
  edit: "edit",
  bash: "shell",
  grep: "grep",
  find: "glob",
  ls: "list",
};

/** pi-agent-core's default block reason, and the prefix hmux's own gate extension writes. */
const PI_DENIAL = /^(?:Tool execution was blocked|Blocked by hmux\b)/;

const PROGRESS_TYPES = new Set([
  "agent_start",
  "turn_start",
  "turn_end",
  "message_start",
  "entry_appended",
  "tool_execution_update",
  "compaction_start",
  "compaction_end",
  "queue_update",
]);
const DIALOG_METHODS = new Set(["confirm", "select", "input", "editor"]);

class PiDecoder implements StreamDecoder {
  private readonly identity: IdentityTracker;
  private readonly matchers: MatcherSet;
  private readonly calls = new Set<string>();
  private pending: FailureSummary | undefined;
  private failedSinceRetry = false;
  private textStreamed = false;
  private thinkingStreamed = false;
  /**
   * A json-mode turn is complete once an agent run ended (agent_end) and no retry reopened it
   * (auto_retry_start / agent_start after it). Every capture ends so, retries included:
   * ... agent_end, auto_retry_start, agent_start ... agent_end, auto_retry_end.
   */
  private agentEnded = false;
  private agentOpen = false;
  /** An rpc `response` means a session transcript, not a one-shot turn: no turn-end rule applies. */
  private rpc = false;

  constructor(private readonly context: DecoderContext) {
    this.identity = new IdentityTracker("pi", context);
    this.matchers = withExtras(mergeExtras(context.matchers, PI_MATCHERS));
  }

  record(record: JsonObject): HarnessEvent[] {
    const type = str(record.type);
    if (type === "agent_start") this.agentOpen = true;
    if (type !== undefined && PROGRESS_TYPES.has(type)) return [{ kind: "progress", label: type }];
    if (type === "agent_end") {
      // willRetry:true (0.84.2) announces the retry that follows: the turn is not over yet.
      this.agentEnded = true;
      this.agentOpen = record.willRetry === true;
    } else if (type === "auto_retry_start") {
      this.agentOpen = true;
    } else if (type === "auto_retry_end") {
      this.agentOpen = false;
    } else if (type === "response") {
      this.rpc = true;
    }
    switch (type) {
      case "session":
        return this.identity.announce(record.id);
      case "message_update":
        return this.messageUpdate(record);
      case "message_end":
        return this.messageEnd(obj(record.message), record);
      case "tool_execution_start":
        return [this.call(record)];
      case "tool_execution_end":
        return this.toolEnd(record);
      case "agent_end":
        return record.willRetry === false ? this.flush("agent_end") : [{ kind: "progress", label: "agent_end" }];
      case "agent_settled":
        return this.flush("agent_settled");
      case "auto_retry_start":
        return this.retryStart(record);
      case "auto_retry_end":
        return this.retryEnd(record);
      case "response":
        return this.response(record);
      case "extension_ui_request":
        return this.extensionUi(record);
      default:
        return [unrecognized(record)];
    }
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    return textLineEvents(line, stream, this.matchers);
  }

  end(): HarnessEvent[] {
    return this.flush(undefined);
  }

  incompleteTurn(): string | undefined {
    if (this.rpc || (this.agentEnded && !this.agentOpen)) return undefined;
    return this.agentOpen
      ? "pi --mode json ended inside an agent run, without its closing agent_end"
      : "pi --mode json ended without agent_end";
  }

  private flush(label: string | undefined): HarnessEvent[] {
    const out: HarnessEvent[] = label ? [{ kind: "progress", label }] : [];
    if (this.pending) {
      out.push(failureEvent(this.pending));
      this.pending = undefined;
      this.failedSinceRetry = true;
    }
    return out;
  }

  private messageUpdate(record: JsonObject): HarnessEvent[] {
    const ev = obj(record.assistantMessageEvent);
    const type = str(ev?.type) ?? "update";
    if (type === "text_delta") {
      this.textStreamed = true;
      return [{ kind: "token", text: str(ev?.delta) ?? "" }];
    }
    if (type === "thinking_delta") {
      this.thinkingStreamed = true;
      return [{ kind: "token", text: str(ev?.delta) ?? "", thinking: true }];
    }
    return [{ kind: "progress", label: `message_update:${type}` }];
  }

  private messageEnd(message: JsonObject | undefined, record: JsonObject): HarnessEvent[] {
    const role = str(message?.role);
    if (!message || !role) return [unrecognized(record, "message_end")];
    if (role === "user") return [{ kind: "message", role: "user", text: contentText(message.content) }];
    if (role !== "assistant") return [{ kind: "progress", label: `message_end:${role}` }];
    const stop = str(message.stopReason);
    const out: HarnessEvent[] = [];
    for (const raw of arr(message.content)) {
      const block = obj(raw);
      const type = str(block?.type);
      if (type === "text") {
        out.push({
          kind: "message",
          role: "assistant",
          text: str(block?.text) ?? "",
          ...(this.textStreamed ? { streamed: true } : {}),
        });
      } else if (type === "thinking") {
        out.push({
          kind: "message",
          role: "assistant",
          text: str(block?.thinking) ?? "",
          thinking: true,
          ...(this.thinkingStreamed ? { streamed: true } : {}),
        });
      }
      // toolCall blocks: the call is reported by tool_execution_start, when it actually runs.
    }
    this.textStreamed = false;
    this.thinkingStreamed = false;
    const usage = piMessageUsage(message);
    if (usage) out.push(usage);
    const errorMessage = str(message.errorMessage);
    if (stop === "error") {
      const text = errorMessage ?? "pi turn ended with stopReason error";
      out.push({ kind: "error", message: `pi turn ended with an error: ${text}` });
      this.pending = classifyFailureText(text, this.matchers, { fallback: "task" });
    } else if (stop === "aborted") {
      out.push({ kind: "error", message: errorMessage ?? "pi turn aborted" });
    }
    return out;
  }

  private call(record: JsonObject): HarnessEvent {
    const id = str(record.toolCallId) ?? null;
    if (id) this.calls.add(id);
    const name = str(record.toolName) ?? "(unnamed)";
    const canonical = canonicalTool(name, PI_CANONICAL_TOOLS, this.context);
    return { kind: "tool", phase: "call", callId: id, name, ...(canonical ? { canonical } : {}), input: record.args };
  }

  private toolEnd(record: JsonObject): HarnessEvent[] {
    const out: HarnessEvent[] = [];
    const id = str(record.toolCallId) ?? null;
    if (id === null || !this.calls.has(id)) out.push(this.call(record));
    const output = contentText(obj(record.result)?.content ?? record.result);
    const isError = record.isError === true;
    out.push({
      kind: "tool",
      phase: "result",
      callId: id,
      name: str(record.toolName) ?? "(unnamed)",
      output,
      isError,
      ...(isError && PI_DENIAL.test(output) ? { denied: true } : {}),
    });
    return out;
  }

  private retryStart(record: JsonObject): HarnessEvent[] {
    this.pending = undefined;
    this.failedSinceRetry = false;
    const detail =
      `attempt ${String(record.attempt ?? "?")}/${String(record.maxAttempts ?? "?")}: ${str(record.errorMessage) ?? ""}`.trim();
    return [{ kind: "progress", label: "auto_retry_start", detail }];
  }

  private retryEnd(record: JsonObject): HarnessEvent[] {
    if (record.success === true) {
      this.pending = undefined;
      return [{ kind: "progress", label: "auto_retry_end", detail: "success" }];
    }
    if (!this.pending && !this.failedSinceRetry) {
      const text = str(record.finalError) ?? "pi gave up retrying";
      this.pending = classifyFailureText(text, this.matchers, { fallback: "task" });
    }
    return this.flush("auto_retry_end");
  }

  private response(record: JsonObject): HarnessEvent[] {
    const command = str(record.command) ?? "command";
    if (record.success === false) {
      return [{ kind: "error", message: `rpc command ${command} failed: ${str(record.error) ?? "no reason given"}` }];
    }
    const sessionId = obj(record.data)?.sessionId;
    if (command === "get_state" && sessionId !== undefined) return this.identity.announce(sessionId);
    return [{ kind: "progress", label: `response:${command}` }];
  }

  private extensionUi(record: JsonObject): HarnessEvent[] {
    const method = str(record.method) ?? "request";
    if (DIALOG_METHODS.has(method)) return [unrecognized(record, `extension_ui_request:${method}`)];
    const message = str(record.message);
    return [
      message
        ? { kind: "progress", label: `extension_ui:${method}`, detail: message }
        : { kind: "progress", label: `extension_ui:${method}` },
    ];
  }
}

export function createDecoder(context: DecoderContext = {}): StreamDecoder {
  return new PiDecoder(context);
}
