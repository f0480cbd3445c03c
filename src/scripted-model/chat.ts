/**
 * OpenAI Chat Completions (POST /v1/chat/completions), as pi's openai-completions uses it:
 * the message reader and the SSE writer (tool_calls deltas, a usage chunk, then [DONE]).
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

type Message = Record<string, unknown>;

export function readChat(body: unknown): Conversation {
  if (!isRecord(body)) throw new RequestShapeError("chat", "body is not a JSON object");
  if (!Array.isArray(body.messages)) throw new RequestShapeError("chat", "body has no messages[] array");
  const messages: Message[] = body.messages.filter(isRecord);
  const last = promptIndex(
    messages,
    (m) => (m.role === "user" ? "user" : m.role === "tool" ? "tool-result" : "other"),
    (m) => hasMarkers(textOf(m.content)),
  );
  const rounds: ToolResultSeen[][] = [];
  let previousWasTool = false;
  for (const m of messages.slice(last + 1)) {
    const isTool = m.role === "tool";
    if (isTool) {
      if (!previousWasTool) rounds.push([]);
      const output = textOf(m.content);
      rounds[rounds.length - 1]!.push({
        callId: String(m.tool_call_id ?? ""),
        output,
        isError: refusedText(output),
      });
    }
    previousWasTool = isTool;
  }
  const tools: OfferedTool[] = Array.isArray(body.tools)
    ? body.tools.filter(isRecord).map((t) => {
        const fn = isRecord(t.function) ? t.function : {};
        return { name: String(fn.name ?? t.name ?? ""), params: paramsOf(fn.parameters), kind: "function" as const };
      })
    : [];
  const texts = (ms: Message[]) => ms.map((m) => textOf(m.content)).filter((t) => t.length > 0);
  return {
    protocol: "chat",
    model: typeof body.model === "string" ? body.model : "unknown",
    stream: body.stream === true,
    lastUserText: last >= 0 ? textOf(messages[last]!.content) : "",
    earlierTexts: texts(
      messages.slice(0, Math.max(last, 0)).filter((m) => m.role === "user" || m.role === "assistant"),
    ),
    assistantTexts: texts(messages.filter((m) => m.role === "assistant")),
    toolRounds: rounds.length,
    latestToolResults: rounds[rounds.length - 1] ?? [],
    tools,
  };
}

function usageOf(plan: ReplyPlan): Record<string, unknown> {
  return {
    // OpenAI counts cached input inside the prompt tokens.
    prompt_tokens: plan.usage.input + plan.usage.cachedInput,
    completion_tokens: plan.usage.output,
    total_tokens: plan.usage.input + plan.usage.cachedInput + plan.usage.output,
    prompt_tokens_details: { cached_tokens: plan.usage.cachedInput },
  };
}

async function stream(res: ServerResponse, plan: ReplyPlan, conv: Conversation, id: string): Promise<void> {
  const sse = new SseWriter(res, plan.delayMs);
  const created = Math.floor(Date.now() / 1000);
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) => ({
    id,
    object: "chat.completion.chunk",
    created,
    model: conv.model,
    choices,
    ...extra,
  });
  const delta = (d: Record<string, unknown>, finish: string | null = null) =>
    chunk([{ index: 0, delta: d, finish_reason: finish }]);
  sse.open();
  sse.sendNow(null, delta({ role: "assistant", content: "" }));
  if (plan.failure?.kind === "drop") return sse.drop();
  if (plan.failure?.kind === "stall") return;
  if (plan.thinking !== undefined) await sse.send(null, delta({ reasoning_content: plan.thinking }));
  for (const content of plan.textChunks) await sse.send(null, delta({ content }));
  for (const [index, call] of plan.toolCalls.entries()) {
    sse.sendNow(
      null,
      delta({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }),
    );
    for (const part of splitInHalf(JSON.stringify(call.input)))
      await sse.send(null, delta({ tool_calls: [{ index, function: { arguments: part } }] }));
  }
  await sse.send(null, delta({}, plan.toolCalls.length ? "tool_calls" : "stop"));
  sse.sendNow(null, chunk([], { usage: usageOf(plan) }));
  sse.sendNow(null, "[DONE]");
  sse.end();
}

export const chatWire: WireAdapter = {
  protocol: "chat",
  callIdPrefix: "call_hmux_",
  read: readChat,
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
    const message: Record<string, unknown> = { role: "assistant", content: plan.textChunks.join("") || null };
    if (plan.thinking !== undefined) message.reasoning_content = plan.thinking;
    if (plan.toolCalls.length) {
      message.tool_calls = plan.toolCalls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: JSON.stringify(c.input) },
      }));
    }
    sendJson(res, 200, {
      id,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: conv.model,
      choices: [{ index: 0, message, finish_reason: plan.toolCalls.length ? "tool_calls" : "stop" }],
      usage: usageOf(plan),
    });
  },
  errorBody(status, message) {
    return {
      error: {
        message,
        type: status === 429 ? "rate_limit_exceeded" : status >= 500 ? "server_error" : "invalid_request_error",
        code: status === 401 ? "invalid_api_key" : null,
        param: null,
      },
    };
  },
};
