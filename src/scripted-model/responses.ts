/**
 * OpenAI Responses (POST /v1/responses), as Codex and pi's openai-responses use it: the input
 * item reader and the SSE writer. Codex needs output_item.done items and a final
 * response.completed carrying id and usage; a stream cut before it is an error to Codex.
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
import type { PlannedToolCall, ReplyPlan } from "./reply-plan.js";
import { SseWriter, sendJson } from "./sse.js";
import { splitInHalf, type WireAdapter } from "./wire.js";

type Item = Record<string, unknown>;
const OUTPUT_TYPES = new Set(["function_call_output", "custom_tool_call_output", "local_shell_call_output"]);

function isUserMessage(item: Item): boolean {
  return item.role === "user" && (item.type === undefined || item.type === "message");
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (isRecord(output) && typeof output.content === "string") return output.content;
  return textOf(output);
}

export function readResponses(body: unknown): Conversation {
  if (!isRecord(body)) throw new RequestShapeError("responses", "body is not a JSON object");
  const input: Item[] =
    typeof body.input === "string"
      ? [{ type: "message", role: "user", content: body.input }]
      : Array.isArray(body.input)
        ? body.input.filter(isRecord)
        : [];
  if (!Array.isArray(body.input) && typeof body.input !== "string")
    throw new RequestShapeError("responses", "body has no input (string or array)");
  const last = promptIndex(
    input,
    (item) => (isUserMessage(item) ? "user" : OUTPUT_TYPES.has(String(item.type)) ? "tool-result" : "other"),
    (item) => hasMarkers(textOf(item.content)),
  );
  // A round is a run of consecutive tool outputs.
  const rounds: ToolResultSeen[][] = [];
  let previousWasOutput = false;
  for (const item of input.slice(last + 1)) {
    const isOutput = OUTPUT_TYPES.has(String(item.type));
    if (isOutput) {
      if (!previousWasOutput) rounds.push([]);
      const output = outputText(item.output);
      rounds[rounds.length - 1]!.push({
        callId: String(item.call_id ?? ""),
        output,
        isError: refusedText(output),
      });
    }
    previousWasOutput = isOutput;
  }
  const tools: OfferedTool[] = Array.isArray(body.tools)
    ? body.tools.filter(isRecord).map((t) => ({
        name: String(t.name ?? t.type ?? ""),
        params: paramsOf(t.parameters),
        kind: t.type === "custom" ? ("custom" as const) : ("function" as const),
      }))
    : [];
  const textItems = (items: Item[]) =>
    items
      .filter((i) => i.type === undefined || i.type === "message")
      .map((i) => textOf(i.content))
      .filter((t) => t.length > 0);
  return {
    protocol: "responses",
    model: typeof body.model === "string" ? body.model : "unknown",
    stream: body.stream === true,
    lastUserText: last >= 0 ? textOf(input[last]!.content) : "",
    earlierTexts: textItems(input.slice(0, Math.max(last, 0))),
    assistantTexts: textItems(input.filter((i) => i.role === "assistant")),
    toolRounds: rounds.length,
    latestToolResults: rounds[rounds.length - 1] ?? [],
    tools,
  };
}

function callItem(call: PlannedToolCall, itemId: string, done: boolean): Item {
  if (call.kind === "custom")
    return {
      type: "custom_tool_call",
      id: itemId,
      call_id: call.id,
      name: call.name,
      input: done ? String(call.input) : "",
      status: done ? "completed" : "in_progress",
    };
  return {
    type: "function_call",
    id: itemId,
    call_id: call.id,
    name: call.name,
    arguments: done ? JSON.stringify(call.input) : "",
    status: done ? "completed" : "in_progress",
  };
}

function usageOf(plan: ReplyPlan): Item {
  return {
    // OpenAI counts cached input inside the input tokens.
    input_tokens: plan.usage.input + plan.usage.cachedInput,
    input_tokens_details: { cached_tokens: plan.usage.cachedInput },
    output_tokens: plan.usage.output,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: plan.usage.input + plan.usage.cachedInput + plan.usage.output,
  };
}

function responseObject(id: string, conv: Conversation, status: string, output: Item[], plan?: ReplyPlan): Item {
  return {
    id,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status,
    model: conv.model,
    output,
    ...(plan ? { usage: usageOf(plan) } : {}),
  };
}

async function stream(res: ServerResponse, plan: ReplyPlan, conv: Conversation, id: string): Promise<void> {
  const sse = new SseWriter(res, plan.delayMs);
  let seq = 0;
  const emit = (type: string, fields: Item, paced = false): Promise<void> => {
    const event = { type, sequence_number: seq++, ...fields };
    if (paced) return sse.send(type, event);
    sse.sendNow(type, event);
    return Promise.resolve();
  };
  sse.open({ "x-request-id": `req_${id}` });
  await emit("response.created", { response: responseObject(id, conv, "in_progress", []) });
  if (plan.failure?.kind === "drop") return sse.drop();
  if (plan.failure?.kind === "stall") return;
  await emit("response.in_progress", { response: responseObject(id, conv, "in_progress", []) });
  const output: Item[] = [];
  if (plan.thinking !== undefined) {
    const itemId = `rs_${id}_${output.length}`;
    const output_index = output.length;
    await emit("response.output_item.added", { output_index, item: { type: "reasoning", id: itemId, summary: [] } });
    await emit("response.reasoning_summary_part.added", {
      item_id: itemId,
      output_index,
      summary_index: 0,
      part: { type: "summary_text", text: "" },
    });
    await emit(
      "response.reasoning_summary_text.delta",
      { item_id: itemId, output_index, summary_index: 0, delta: plan.thinking },
      true,
    );
    await emit("response.reasoning_summary_text.done", {
      item_id: itemId,
      output_index,
      summary_index: 0,
      text: plan.thinking,
    });
    await emit("response.reasoning_summary_part.done", {
      item_id: itemId,
      output_index,
      summary_index: 0,
      part: { type: "summary_text", text: plan.thinking },
    });
    const item = { type: "reasoning", id: itemId, summary: [{ type: "summary_text", text: plan.thinking }] };
    await emit("response.output_item.done", { output_index, item });
    output.push(item);
  }
  if (plan.textChunks.length) {
    const itemId = `msg_${id}_${output.length}`;
    const output_index = output.length;
    const text = plan.textChunks.join("");
    await emit("response.output_item.added", {
      output_index,
      item: { type: "message", id: itemId, role: "assistant", status: "in_progress", content: [] },
    });
    await emit("response.content_part.added", {
      item_id: itemId,
      output_index,
      content_index: 0,
      part: { type: "output_text", text: "", annotations: [] },
    });
    for (const delta of plan.textChunks)
      await emit("response.output_text.delta", { item_id: itemId, output_index, content_index: 0, delta }, true);
    await emit("response.output_text.done", { item_id: itemId, output_index, content_index: 0, text });
    const part = { type: "output_text", text, annotations: [] };
    await emit("response.content_part.done", { item_id: itemId, output_index, content_index: 0, part });
    const item = { type: "message", id: itemId, role: "assistant", status: "completed", content: [part] };
    await emit("response.output_item.done", { output_index, item });
    output.push(item);
  }
  for (const call of plan.toolCalls) {
    const itemId = `fc_${id}_${output.length}`;
    const output_index = output.length;
    await emit("response.output_item.added", { output_index, item: callItem(call, itemId, false) });
    if (call.kind === "function") {
      const args = JSON.stringify(call.input);
      for (const delta of splitInHalf(args))
        await emit("response.function_call_arguments.delta", { item_id: itemId, output_index, delta }, true);
      await emit("response.function_call_arguments.done", { item_id: itemId, output_index, arguments: args });
    }
    const item = callItem(call, itemId, true);
    await emit("response.output_item.done", { output_index, item });
    output.push(item);
  }
  await emit("response.completed", { response: responseObject(id, conv, "completed", output, plan) }, true);
  sse.end();
}

function finalOutput(plan: ReplyPlan, id: string): Item[] {
  const out: Item[] = [];
  if (plan.thinking !== undefined)
    out.push({ type: "reasoning", id: `rs_${id}`, summary: [{ type: "summary_text", text: plan.thinking }] });
  if (plan.textChunks.length)
    out.push({
      type: "message",
      id: `msg_${id}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: plan.textChunks.join(""), annotations: [] }],
    });
  plan.toolCalls.forEach((c, i) => {
    out.push(callItem(c, `fc_${id}_${i}`, true));
  });
  return out;
}

export const responsesWire: WireAdapter = {
  protocol: "responses",
  callIdPrefix: "call_hmux_",
  read: readResponses,
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
    sendJson(res, 200, responseObject(id, conv, "completed", finalOutput(plan, id), plan));
  },
  errorBody(status, message) {
    const type =
      status === 429
        ? "rate_limit_exceeded"
        : status === 401
          ? "invalid_request_error"
          : status >= 500
            ? "server_error"
            : "invalid_request_error";
    return {
      error: {
        message,
        type,
        code: status === 401 ? "invalid_api_key" : status === 429 ? "rate_limit_exceeded" : null,
        param: null,
      },
    };
  },
};
