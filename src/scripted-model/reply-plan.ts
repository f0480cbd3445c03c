/**
 * Turns the engine's chosen reply into a concrete plan any wire format can stream: text
 * chunks (with the tool output and the question block filled in), native tool calls with
 * ids, usage and pacing. Problems (a tool the request does not offer) become visible text.
 */
import type { Conversation } from "./conversation.js";
import { type CheckResult, type Decision, toolResultText } from "./script-engine.js";
import type { ScriptFailure, ScriptQuestion } from "./script-schema.js";
import { type NativeToolCall, resolveToolCall } from "./tools.js";

export interface PlannedToolCall extends NativeToolCall {
  readonly id: string;
}

export interface ReplyPlan {
  readonly thinking?: string;
  readonly textChunks: readonly string[];
  readonly toolCalls: readonly PlannedToolCall[];
  readonly usage: { readonly input: number; readonly output: number; readonly cachedInput: number };
  readonly delayMs: number;
  readonly failure?: ScriptFailure;
  readonly checks: readonly CheckResult[];
}

export function questionBlock(q: ScriptQuestion): string {
  const body: Record<string, unknown> = { question: q.question, options: q.options };
  if (q.recommended !== undefined) body.recommended = q.recommended;
  return `\n\n\`\`\`hcn-question\n${JSON.stringify(body)}\n\`\`\``;
}

export function planReply(decision: Decision, conv: Conversation, mintId: () => string): ReplyPlan {
  const { reply } = decision;
  const toolOutput = toolResultText(conv);
  const raw = reply.text === undefined ? [] : typeof reply.text === "string" ? [reply.text] : reply.text;
  const textChunks = raw.map((t) => t.replaceAll("{{toolResult}}", toolOutput));
  const toolCalls: PlannedToolCall[] = [];
  const checks: CheckResult[] = [...decision.checks];
  for (const call of reply.tools ?? []) {
    const resolved = resolveToolCall(call, conv.tools);
    if (resolved.ok) toolCalls.push({ ...resolved.call, id: mintId() });
    else {
      textChunks.push(`\nhmux model: ${resolved.reason}`);
      checks.push({ name: "markers", ok: false, detail: resolved.reason });
    }
  }
  if (reply.question) textChunks.push(questionBlock(reply.question));
  if (textChunks.length === 0 && toolCalls.length === 0 && reply.thinking === undefined) textChunks.push("OK.");
  return {
    ...(reply.thinking !== undefined ? { thinking: reply.thinking } : {}),
    textChunks,
    toolCalls,
    usage: reply.usage ?? { input: 12, output: 8, cachedInput: 0 },
    delayMs: reply.delayMs ?? 0,
    ...(decision.failing && reply.failure ? { failure: reply.failure } : {}),
    checks,
  };
}
