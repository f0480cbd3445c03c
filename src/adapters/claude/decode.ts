/**
 * Claude Code `--output-format stream-json` (with --verbose, --include-partial-messages) →
 * HarnessEvent. Record shapes: docs/harness-facts.md#claude-stream (2.1.197) and the recorded
 * streams in test/unit/decode/hcn-fixtures (2.1.233, 2.1.238).
 *
 * Mapping, and what is deliberately not a first-class event:
 * - system/init → identity once; claude re-announces init each turn with the same id, which
 *   becomes progress "identity-repeat". Other system subtypes (status, hook_*, api_retry,
 *   compact_boundary) → progress labelled with the subtype.
 * - stream_event text/thinking deltas → token; every other stream_event (message_start,
 *   content_block_start/stop, message_delta/stop, input_json_delta, signature_delta) is redundant
 *   with the full `assistant` record and maps to progress "stream:<type>".
 * - assistant → one event per content block: text → message (streamed:true when its tokens
 *   came first), thinking → message thinking, tool_use → tool call. A synthetic assistant
 *   (model "<synthetic>" or an `error` field) is claude's own API-error notice → error event,
 *   kept to classify the `result` that follows.
 * - user → tool results (denied:true when the text is a permission refusal) and user text;
 *   claude's own "[Request interrupted by user…]" marker is progress "interrupted", not user text.
 * - result → usage (claude/usage.ts); a failure only when is_error or api_error_status says so, classified from
 *   api_error_status, the synthetic error and the text - never from `subtype`, which reads
 *   "success" on provider failures.
 * - rate_limit_event → a wall only for status "rejected"; allowed/allowed_warning → progress.
 * - control_request / control_response and unknown types → unrecognized (a session bridge
 *   intercepts the control protocol before the decoder).
 */

import { classifyFailureText, limitFailure, type MatcherSet, mergeExtras, withExtras } from "../../core/classify.js";
import type { DecoderContext, JsonObject, StreamDecoder } from "../../core/decoder.js";
import type { HarnessEvent, LimitCode } from "../../core/events.js";
import { failure, failureEvent } from "../../core/failure.js";
import { canonicalTool } from "../decoding/canonical-tool.js";
import { IdentityTracker } from "../decoding/identity-tracker.js";
import { arr, contentText, num, obj, str, unrecognized } from "../decoding/record-fields.js";
import { textLineEvents } from "../decoding/text-line-events.js";
import { CLAUDE_CANONICAL_TOOLS, CLAUDE_DENIAL_PATTERNS, CLAUDE_MATCHERS } from "./matchers.js";
import { ClaudeUsage } from "./usage.js";

interface ApiErrorNotice {
  readonly error?: string;
  readonly text: string;
}

const INTERRUPTED = "[Request interrupted by user";

/**
 * claude's result for a call whose permission request was still open when its control stream
 * closed (the session was halted): a raw JS error string (binary strings, 2.1.332). The call was
 * not run; the pane says so in words.
 */
const PERMISSION_STREAM_CLOSED =
  /^Tool permission request failed: AbortError: (?:Tool permission stream closed before response received|Stream closed)\s*$/;
const PERMISSION_CUT_OFF = "not run: the session was halted while this call waited for a decision";

export function isClaudeDenial(text: string): boolean {
  const head = text.length > 4096 ? text.slice(0, 4096) : text;
  return CLAUDE_DENIAL_PATTERNS.some((re) => re.test(head));
}

/** Seconds (claude's unit) → epoch ms; a value already in ms is kept. */
function resetsAtMs(value: unknown): number | undefined {
  const n = num(value);
  if (n === undefined || n <= 0) return undefined;
  return n < 1e12 ? n * 1000 : n;
}

function limitCodeFor(rateLimitType: string | undefined): LimitCode {
  if (rateLimitType === "five_hour") return "session-limit";
  if (rateLimitType?.startsWith("seven_day")) return "weekly-limit";
  return "rate-limit";
}

class ClaudeDecoder implements StreamDecoder {
  private readonly identity: IdentityTracker;
  private readonly matchers: MatcherSet;
  private textStreamed = false;
  private thinkingStreamed = false;
  private lastApiError: ApiErrorNotice | undefined;
  private interrupted = false;
  /** A -p turn ends with its `result` record; init (re)opens a turn (every capture ends so). */
  private awaitingResult = true;
  private readonly usage = new ClaudeUsage();

  constructor(private readonly context: DecoderContext) {
    this.identity = new IdentityTracker("claude", context);
    this.matchers = withExtras(mergeExtras(context.matchers, CLAUDE_MATCHERS));
  }

  record(record: JsonObject): HarnessEvent[] {
    switch (record.type) {
      case "system":
        return this.system(record);
      case "stream_event":
        return this.streamEvent(record);
      case "assistant":
        return this.assistant(record);
      case "user":
        return this.user(record);
      case "result":
        return this.result(record);
      case "rate_limit_event":
        return this.rateLimit(record);
      default:
        return [unrecognized(record)];
    }
  }

  text(line: string, stream: "stdout" | "stderr"): HarnessEvent[] {
    return textLineEvents(line, stream, this.matchers);
  }

  end(): HarnessEvent[] {
    return [];
  }

  incompleteTurn(): string | undefined {
    return this.awaitingResult ? "claude's stream-json ended without its `result` record" : undefined;
  }

  private system(record: JsonObject): HarnessEvent[] {
    const subtype = str(record.subtype) ?? "system";
    if (subtype === "init") {
      this.awaitingResult = true;
      this.usage.init(str(record.model));
      return this.identity.announce(record.session_id, str(record.model));
    }
    if (subtype === "api_retry") {
      const status = record.error_status ?? "none";
      const detail =
        `attempt ${String(record.attempt ?? "?")}/${String(record.max_retries ?? "?")}: ${String(status)} ${String(record.error ?? "")}`.trim();
      return [{ kind: "progress", label: "api_retry", detail }];
    }
    const status = str(record.status);
    return [status ? { kind: "progress", label: subtype, detail: status } : { kind: "progress", label: subtype }];
  }

  private streamEvent(record: JsonObject): HarnessEvent[] {
    const event = obj(record.event);
    const type = str(event?.type) ?? "unknown";
    if (type === "content_block_delta") {
      const delta = obj(event?.delta);
      const dtype = str(delta?.type);
      if (dtype === "text_delta") {
        const text = str(delta?.text) ?? "";
        this.textStreamed = true;
        return [{ kind: "token", text }];
      }
      if (dtype === "thinking_delta") {
        const text = str(delta?.thinking) ?? "";
        this.thinkingStreamed = true;
        return [{ kind: "token", text, thinking: true }];
      }
      return [{ kind: "progress", label: `stream:${dtype ?? "delta"}` }];
    }
    return [{ kind: "progress", label: `stream:${type}` }];
  }

  private assistant(record: JsonObject): HarnessEvent[] {
    const message = obj(record.message);
    this.usage.assistant(message);
    const blocks = arr(message?.content);
    const errorField = str(record.error);
    if (errorField !== undefined || message?.model === "<synthetic>") {
      const text = blocks.map((b) => str(obj(b)?.text) ?? "").join("") || errorField || "claude reported an API error";
      this.lastApiError = errorField === undefined ? { text } : { error: errorField, text };
      return [{ kind: "error", message: text }];
    }
    const out: HarnessEvent[] = [];
    for (const raw of blocks) {
      const block = obj(raw);
      const type = str(block?.type);
      if (type === "text") {
        out.push({
          kind: "message",
          role: "assistant",
          text: str(block?.text) ?? "",
          ...(this.textStreamed ? { streamed: true } : {}),
        });
        this.textStreamed = false;
      } else if (type === "thinking") {
        out.push({
          kind: "message",
          role: "assistant",
          text: str(block?.thinking) ?? "",
          thinking: true,
          ...(this.thinkingStreamed ? { streamed: true } : {}),
        });
        this.thinkingStreamed = false;
      } else if (type === "redacted_thinking") {
        out.push({ kind: "progress", label: "redacted_thinking" });
      } else if (type === "tool_use" || type === "server_tool_use") {
        const name = str(block?.name) ?? "(unnamed)";
        const canonical = canonicalTool(name, CLAUDE_CANONICAL_TOOLS, this.context);
        out.push({
          kind: "tool",
          phase: "call",
          callId: str(block?.id) ?? null,
          name,
          ...(canonical ? { canonical } : {}),
          input: block?.input,
        });
      } else {
        out.push(unrecognized(block ?? {}, `assistant:${type ?? "block"}`));
      }
    }
    return out;
  }

  private user(record: JsonObject): HarnessEvent[] {
    const message = obj(record.message);
    const content = message?.content;
    if (typeof content === "string") return [this.userText(content)];
    const out: HarnessEvent[] = [];
    for (const raw of arr(content)) {
      const block = obj(raw);
      const type = str(block?.type);
      if (type === "tool_result") {
        const said = contentText(block?.content);
        const isError = block?.is_error === true;
        const cutOff = isError && PERMISSION_STREAM_CLOSED.test(said);
        const output = cutOff ? PERMISSION_CUT_OFF : said;
        const denied = isError && (cutOff || isClaudeDenial(output));
        out.push({
          kind: "tool",
          phase: "result",
          callId: str(block?.tool_use_id) ?? null,
          output,
          isError,
          ...(denied ? { denied: true } : {}),
        });
      } else if (type === "text") {
        out.push(this.userText(str(block?.text) ?? ""));
      } else {
        out.push(unrecognized(block ?? {}, `user:${type ?? "block"}`));
      }
    }
    return out;
  }

  /** What the user said; claude's own interruption marker is not theirs, so it is progress, not a user message. */
  private userText(text: string): HarnessEvent {
    if (!text.startsWith(INTERRUPTED)) return { kind: "message", role: "user", text };
    this.interrupted = true;
    return { kind: "progress", label: "interrupted", detail: text };
  }

  private result(record: JsonObject): HarnessEvent[] {
    this.awaitingResult = false;
    const out: HarnessEvent[] = [];
    const usage = this.usage.result(record);
    if (usage) out.push(usage);
    for (const raw of arr(record.permission_denials)) {
      const d = obj(raw);
      out.push({
        kind: "progress",
        label: "permission-denied",
        detail: `${str(d?.tool_name) ?? "?"} ${str(d?.tool_use_id) ?? ""}`.trim(),
      });
    }
    const status = num(record.api_error_status);
    const apiError = this.lastApiError;
    this.lastApiError = undefined;
    if (record.is_error !== true && status === undefined) {
      this.interrupted = false;
      return out;
    }
    const text = str(record.result) ?? apiError?.text ?? arr(record.errors).map(String).join("; ");
    const message = text || `claude turn ended with an error (${str(record.subtype) ?? "no subtype"})`;
    if (this.interrupted && status === undefined && apiError === undefined) {
      // The user (or hmux) interrupted the turn: the stop is the request, not a failure.
      this.interrupted = false;
      out.push({ kind: "error", message: "turn interrupted" });
      return out;
    }
    const subtype = str(record.subtype);
    if (
      status === undefined &&
      apiError === undefined &&
      (subtype === "error_max_turns" || subtype === "error_max_budget_usd")
    ) {
      out.push({ kind: "error", message, terminal: true }, failureEvent(failure("budget", message)));
      return out;
    }
    const classified = classifyFailureText(
      apiError?.error ? `${message} (${apiError.error})` : message,
      this.matchers,
      { status: status ?? null, fallback: "task" },
    );
    out.push({ kind: "error", message, terminal: true }, failureEvent({ ...classified, message }));
    return out;
  }

  private rateLimit(record: JsonObject): HarnessEvent[] {
    const info = obj(record.rate_limit_info);
    const status = str(info?.status) ?? "unknown";
    const type = str(info?.rateLimitType);
    if (status !== "rejected") {
      const label = status === "allowed_warning" ? "rate-limit-warning" : "rate-limit";
      return [{ kind: "progress", label, detail: `${status}${type ? ` ${type}` : ""}` }];
    }
    const code = limitCodeFor(type);
    const resetsAt = resetsAtMs(info?.resetsAt);
    const message = `claude rate limit rejected${type ? ` (${type})` : ""}`;
    return [
      { kind: "limit", code, message, ...(resetsAt !== undefined ? { resetsAt } : {}) },
      failureEvent(limitFailure(code, message, resetsAt)),
    ];
  }
}

export function createDecoder(context: DecoderContext = {}): StreamDecoder {
  return new ClaudeDecoder(context);
}
