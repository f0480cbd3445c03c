/**
 * Anthropic Messages (POST /v1/messages, also ?beta=true): the request reader and the SSE /
 * JSON writer. Claude Code puts `role:"system"` entries among the messages; they are skipped
 * when finding the last user turn. Tool results come back in a `user` message.
 */
import type { ServerResponse } from "node:http";
import {
  type Conversation,
  isRecord,
  type OfferedTool,
  paramsOf,
  promptIndex,
  RequestShapeError,
  refusedText,
  type ToolResultSeen,
  textOf,
} from "./conversation.js";
import { hasMarkers } from "./markers.js";
import type { ReplyPlan } from "./reply-plan.js";
import { SseWriter, sendJson } from "./sse.js";
import { splitInHalf, type WireAdapter } from "./wire.js";

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  529: "overloaded_error",
};

type Message = { role: string; content: unknown };

function isToolResultMessage(m: Message): boolean {
  return (
    m.role === "user" && Array.isArray(m.content) && m.content.some((b) => isRecord(b) && b.type === "tool_result")
  );
}

function toolResultsOf(m: Message): ToolResultSeen[] {
  if (!Array.isArray(m.content)) return [];
  return m.content
    .filter((b) => isRecord(b) && b.type === "tool_result")
    .map((b) => {
      const block = b as Record<string, unknown>;
      return {
        callId: String(block.tool_use_id ?? ""),
        output: textOf(block.content),
        isError: block.is_error === true || refusedText(textOf(block.content)),
      };
    });
}

function readMessages(body: Record<string, unknown>): Message[] {
  if (!Array.isArray(body.messages)) throw new RequestShapeError("anthropic", "body has no messages[] array");
  return body.messages.map((m, i) => {
    if (!isRecord(m) || typeof m.role !== "string")
      throw new RequestShapeError("anthropic", `messages[${i}] has no role`);
    return { role: m.role, content: m.content };
  });
}

export function readAnthropic(body: unknown): Conversation {
  if (!isRecord(body)) throw new RequestShapeError("anthropic", "body is not a JSON object");
  const messages = readMessages(body).filter((m) => m.role !== "system");
  const last = promptIndex(
    messages,
    (m) => (isToolResultMessage(m) ? "tool-result" : m.role === "user" ? "user" : "other"),
    (m) => hasMarkers(textOf(m.content)),
  );
  const after = messages.slice(last + 1);
  const rounds = after.filter(isToolResultMessage);
  const tools: OfferedTool[] = Array.isArray(body.tools)
    ? body.tools.filter(isRecord).map((t) => ({
        name: String(t.name ?? t.type ?? ""),
        params: paramsOf(t.input_schema),
        kind: "function" as const,
      }))
    : [];
  return {
    protocol: "anthropic",
    model: typeof body.model === "string" ? body.model : "unknown",
    stream: body.stream === true,
    lastUserText: last >= 0 ? textOf(messages[last]!.content) : "",
    earlierTexts: messages
      .slice(0, Math.max(last, 0))
      .map((m) => textOf(m.content))
      .filter((t) => t.length > 0),
    assistantTexts: messages.filter((m) => m.role === "assistant").map((m) => textOf(m.content)),
    toolRounds: rounds.length,
    latestToolResults: rounds.length ? toolResultsOf(rounds[rounds.length - 1]!) : [],
    tools,
  };
}

function contentBlocks(plan: ReplyPlan): Record<string, unknown>[] {
  const blocks: Record<string, unknown>[] = [];
  if (plan.thinking !== undefined) blocks.push({ type: "thinking", thinking: plan.thinking, signature: "hmux-model" });
  if (plan.textChunks.length) blocks.push({ type: "text", text: plan.textChunks.join("") });
  for (const call of plan.toolCalls) blocks.push({ type: "tool_use", id: call.id, name: call.name, input: call.input });
  return blocks;
}

async function stream(res: ServerResponse, plan: ReplyPlan, conv: Conversation, id: string): Promise<void> {
  const sse = new SseWriter(res, plan.delayMs);
  sse.open({ "request-id": `req_${id}` });
  sse.sendNow("message_start", {
    type: "message_start",
    message: {
      id,
      type: "message",
      role: "assistant",
      model: conv.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: plan.usage.input,
        output_tokens: 1,
        cache_creation_input_tokens: plan.usage.cacheWrite,
        cache_read_input_tokens: plan.usage.cachedInput,
      },
    },
  });
  if (plan.failure?.kind === "drop") return sse.drop();
  if (plan.failure?.kind === "stall") return;
  let index = 0;
  if (plan.thinking !== undefined) {
    sse.sendNow("content_block_start", {
      type: "content_block_start",
      index,
      content_block: { type: "thinking", thinking: "", signature: "" },
    });
    await sse.send("content_block_delta", {
      type: "content_block_delta",
      index,
      delta: { type: "thinking_delta", thinking: plan.thinking },
    });
    sse.sendNow("content_block_delta", {
      type: "content_block_delta",
      index,
      delta: { type: "signature_delta", signature: "hmux-model" },
    });
    sse.sendNow("content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  if (plan.textChunks.length) {
    sse.sendNow("content_block_start", {
      type: "content_block_start",
      index,
      content_block: { type: "text", text: "" },
    });
    for (const text of plan.textChunks)
      await sse.send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text },
      });
    sse.sendNow("content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  for (const call of plan.toolCalls) {
    sse.sendNow("content_block_start", {
      type: "content_block_start",
      index,
      content_block: { type: "tool_use", id: call.id, name: call.name, input: {} },
    });
    for (const part of splitInHalf(JSON.stringify(call.input))) {
      await sse.send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: part },
      });
    }
    sse.sendNow("content_block_stop", { type: "content_block_stop", index });
    index++;
  }
  await sse.send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: plan.toolCalls.length ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: plan.usage.output },
  });
  sse.sendNow("message_stop", { type: "message_stop" });
  sse.end();
}

export const anthropicWire: WireAdapter = {
  protocol: "anthropic",
  callIdPrefix: "toolu_hmux_",
  read: readAnthropic,
  async respond(res, plan, conv, id) {
    if (conv.stream) return stream(res, plan, conv, id);
    if (plan.failure?.kind === "drop") {
      res.socket?.destroy();
      return;
    }
    if (plan.failure?.kind === "stall") {
      res.writeHead(200, { "content-type": "application/json" });
      res.flushHeaders();
      return;
    }
    if (plan.delayMs > 0) await new Promise((r) => setTimeout(r, plan.delayMs));
    sendJson(res, 200, {
      id,
      type: "message",
      role: "assistant",
      model: conv.model,
      content: contentBlocks(plan),
      stop_reason: plan.toolCalls.length ? "tool_use" : "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: plan.usage.input,
        output_tokens: plan.usage.output,
        cache_creation_input_tokens: plan.usage.cacheWrite,
        cache_read_input_tokens: plan.usage.cachedInput,
      },
    });
  },
  errorBody(status, message) {
    return { type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } };
  },
};

/** count_tokens: a rough estimate (4 characters a token) of the whole body. */
export function countTokens(body: unknown): { input_tokens: number } {
  return { input_tokens: Math.max(1, Math.ceil(JSON.stringify(body ?? {}).length / 4)) };
}
