/**
 * Cursor CLI (`agent -p --output-format stream-json --stream-partial-output`) → HarnessEvent.
 * DOC-DERIVED: no capture from a real `agent` binary exists here. Shapes come from Cursor's
 * output-format reference (https://cursor.com/docs/cli/reference/output-format, read 2026-11-29)
 * and are recorded in test/fixtures/doc-derived/cursor/README.md. Replace with a capture.
 *
 * - system/init → identity (cursor mints the id).
 * - assistant: with --stream-partial-output each record is a text delta (it carries timestamp_ms
 *   and no model_call_id); a later record repeating the accumulated text is the flush of the
 *   whole message. Deltas → token; the flush (or, when none comes, the next tool call / result /
 *   end of stream) → one message with streamed:true. A record that is neither is a full message.
 * - thinking delta → thinking token; other thinking subtypes → progress.
 * - tool_call started/completed → tool call/result; the tool is the single key of `tool_call`
 *   (readToolCall, shellToolCall, mcpToolCall, or a generic `function`). result.rejected is a
 *   permission refusal → denied:true; result.error/failure → isError.
 * - result → usage; is_error → failure classified from its text (fallback task).
 * - a "Workspace Trust Required" line → failure trust-refused.
 * - a stream that stops before `result` is an incomplete turn, an empty or record-less one too.
 */

import { classifyFailureText, type MatcherSet, mergeExtras, withExtras } from "../../core/classify.js";
import type { DecoderContext, JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";
import { failure, failureEvent } from "../../core/failure.js";
import { canonicalTool } from "../decoding/canonical-tool.js";
import { IdentityTracker } from "../decoding/identity-tracker.js";
import { arr, num, obj, str, unrecognized } from "../decoding/record-fields.js";
import { textLineEvents } from "../decoding/text-line-events.js";
import { usageEvent } from "../decoding/usage-event.js";
import { CURSOR_MATCHERS } from "./matchers.js";

export { CURSOR_MATCHERS } from "./matchers.js";

const TRUST_REQUIRED = /workspace trust required/i;

/** Cursor tool keys → canonical names. */
export const CURSOR_CANONICAL_TOOLS: Readonly<Record<string, string>> = {
  readToolCall: "read",
  writeToolCall: "write",
  editToolCall: "edit",
  shellToolCall: "shell",
  grepToolCall: "grep",
  globToolCall: "glob",
  lsToolCall: "list",
  webSearchToolCall: "web-search",
  webFetchToolCall: "web-fetch",
};

interface ToolShape {
  readonly name: string;
  readonly input: unknown;
  readonly body: JsonObject | undefined;
}

function toolShape(toolCall: JsonObject | undefined): ToolShape {
  if (!toolCall) return { name: "(unknown tool)", input: undefined, body: undefined };
  const fn = obj(toolCall.function);
  if (fn) {
    const raw = str(fn.arguments);
    let input: unknown = raw;
    if (raw !== undefined) {
      try {
        input = JSON.parse(raw);
      } catch {
        input = raw;
      }
    }
    return { name: str(fn.name) ?? "function", input, body: fn };
  }
  const key = Object.keys(toolCall).find((k) => k.endsWith("ToolCall")) ?? Object.keys(toolCall)[0] ?? "(unknown tool)";
  const body = obj(toolCall[key]);
  const args = obj(body?.args);
  const name = key === "mcpToolCall" && args ? (str(args.name) ?? key) : key;
  return { name, input: args, body };
}

function resultText(value: JsonObject): string {
  for (const field of ["content", "stdout", "output", "message", "reason", "error"]) {
    const text = str(value[field]);
    if (text !== undefined) return text;
  }
  return JSON.stringify(value);
}

class CursorDecoder implements StreamDecoder {
  /** The turn is open from the start; `result` closes it and nothing after it reopens one. */
  private resultSeen = false;
  private readonly identity: IdentityTracker;
  private readonly matchers: MatcherSet;
  private readonly calls = new Set<string>();
  private buffer = "";

  constructor(private readonly context: DecoderContext) {
    this.identity = new IdentityTracker("cursor", context);
    this.matchers = withExtras(mergeExtras(context.matchers, CURSOR_MATCHERS));
  }

  record(record: JsonObject): HarnessEvent[] {
    if (record.type === "result") this.resultSeen = true;
    switch (record.type) {
      case "system":
        return str(record.subtype) === "init"
          ? this.identity.announce(record.session_id, str(record.model))
          : [{ kind: "progress", label: str(record.subtype) ?? "system" }];
      case "user":
        return [{ kind: "message", role: "user", text: this.blocksText(obj(record.message)) }];
      case "assistant":
        return this.assistant(record);
      case "thinking":
        return this.thinking(record);
      case "tool_call":
        return [...this.flush(), ...this.toolCall(record)];
      case "result":
        return [...this.flush(), ...this.result(record)];
      default:
        return [unrecognized(record)];
    }
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    const out = textLineEvents(line, stream, this.matchers);
    if (TRUST_REQUIRED.test(line.slice(0, 4096))) out.push(failureEvent(failure("trust-refused", line)));
    return out;
  }

  end(): HarnessEvent[] {
    return this.flush();
  }

  incompleteTurn(): string | undefined {
    return !this.resultSeen ? "cursor's stream-json ended without its `result` record" : undefined;
  }

  private blocksText(message: JsonObject | undefined): string {
    return arr(message?.content)
      .map((b) => (str(obj(b)?.type) === "text" ? (str(obj(b)?.text) ?? "") : ""))
      .join("");
  }

  private flush(): HarnessEvent[] {
    if (this.buffer === "") return [];
    const text = this.buffer;
    this.buffer = "";
    return [{ kind: "message", role: "assistant", text, streamed: true }];
  }

  private assistant(record: JsonObject): HarnessEvent[] {
    const text = this.blocksText(obj(record.message));
    if (this.buffer !== "" && text === this.buffer) {
      this.buffer = "";
      return [{ kind: "message", role: "assistant", text, streamed: true }];
    }
    const isDelta = num(record.timestamp_ms) !== undefined && record.model_call_id === undefined;
    if (isDelta) {
      this.buffer += text;
      return [{ kind: "token", text }];
    }
    const streamed = this.buffer !== "";
    this.buffer = "";
    return [{ kind: "message", role: "assistant", text, ...(streamed ? { streamed: true } : {}) }];
  }

  private thinking(record: JsonObject): HarnessEvent[] {
    const subtype = str(record.subtype) ?? "thinking";
    if (subtype === "delta") return [{ kind: "token", text: str(record.text) ?? "", thinking: true }];
    return [{ kind: "progress", label: `thinking:${subtype}` }];
  }

  private toolCall(record: JsonObject): HarnessEvent[] {
    const subtype = str(record.subtype);
    const id = str(record.call_id) ?? null;
    const shape = toolShape(obj(record.tool_call));
    const canonical = canonicalTool(shape.name, CURSOR_CANONICAL_TOOLS, this.context);
    const call: HarnessEvent = {
      kind: "tool",
      phase: "call",
      callId: id,
      name: shape.name,
      ...(canonical ? { canonical } : {}),
      input: shape.input,
    };
    if (subtype === "started") {
      if (id) this.calls.add(id);
      return [call];
    }
    if (subtype !== "completed") return [{ kind: "progress", label: `tool_call:${subtype ?? "update"}` }];
    const out: HarnessEvent[] = id === null || !this.calls.has(id) ? [call] : [];
    const result = obj(shape.body?.result);
    const success = obj(result?.success);
    const rejected = obj(result?.rejected);
    const error = obj(result?.error) ?? obj(result?.failure);
    const exitCode = num(success?.exitCode);
    let output: string;
    let isError: boolean;
    if (rejected) {
      output = resultText(rejected);
      isError = true;
    } else if (error) {
      output = resultText(error);
      isError = true;
    } else if (success) {
      output = resultText(success);
      isError = exitCode !== undefined && exitCode !== 0;
    } else {
      output = result ? JSON.stringify(result) : "";
      isError = false;
    }
    out.push({
      kind: "tool",
      phase: "result",
      callId: id,
      name: shape.name,
      output,
      isError,
      ...(rejected ? { denied: true } : {}),
      ...(exitCode !== undefined ? { exitCode } : {}),
    });
    return out;
  }

  private result(record: JsonObject): HarnessEvent[] {
    const out: HarnessEvent[] = [];
    const usage = obj(record.usage);
    if (usage) {
      out.push(
        usageEvent({
          inputTokens: num(usage.inputTokens),
          outputTokens: num(usage.outputTokens),
          cachedInputTokens: num(usage.cacheReadTokens),
          cacheWriteTokens: num(usage.cacheWriteTokens),
        }),
      );
    }
    if (record.is_error === true) {
      const message =
        str(record.result) ?? str(record.error) ?? `cursor turn failed (${str(record.subtype) ?? "no subtype"})`;
      out.push(
        { kind: "error", message, terminal: true },
        failureEvent(classifyFailureText(message, this.matchers, { fallback: "task" })),
      );
    }
    if (out.length === 0) out.push({ kind: "progress", label: "result", detail: str(record.subtype) ?? "" });
    return out;
  }
}

export function createDecoder(context: DecoderContext = {}): StreamDecoder {
  return new CursorDecoder(context);
}
