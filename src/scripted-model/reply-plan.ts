/**
 * Turns the engine's chosen reply into a concrete plan any wire format can stream: text
 * chunks (with the tool output and the question block filled in), native tool calls with
 * ids, usage and pacing. Problems (a tool the request does not offer) become visible text.
 */
import type { Conversation } from "./conversation.js";
import { type CheckResult, type Decision, toolResultText } from "./script-engine.js";
import type { ScriptFailure, ScriptQuestion } from "./script-schema.js";
import { type NativeToolCall, resolveToolCall } from "./tools.js";
import type { PlanUsage } from "./usage-estimate.js";

export interface PlannedToolCall extends NativeToolCall {
  readonly id: string;
}

export interface ReplyPlan {
  readonly thinking?: string;
  readonly textChunks: readonly string[];
  readonly toolCalls: readonly PlannedToolCall[];
  /** What the reply reports spending (usage-estimate.ts says what each field counts). */
  readonly usage: PlanUsage;
  readonly delayMs: number;
  readonly failure?: ScriptFailure;
  readonly checks: readonly CheckResult[];
}

function replyChars(text: readonly string[], calls: readonly PlannedToolCall[], thinking: string | undefined): number {
  const said = text.reduce((n, t) => n + t.length, 0) + (thinking?.length ?? 0);
  return said + calls.reduce((n, c) => n + c.name.length + JSON.stringify(c.input ?? {}).length, 0);
}

export function questionBlock(q: ScriptQuestion): string {
  const body: Record<string, unknown> = { question: q.question, options: q.options };
  if (q.recommended !== undefined) body.recommended = q.recommended;
  return `\n\n\`\`\`hcn-question\n${JSON.stringify(body)}\n\`\`\``;
}

/**
 * `estimate` sizes the usage from the reply's characters when the script does not fix it; a
 * script's own figures stand as written (its `input` is input at the full rate, no cache write).
 */
export function planReply(
  decision: Decision,
  conv: Conversation,
  mintId: () => string,
  estimate: (replyChars: number) => PlanUsage = () => ({ input: 12, output: 8, cachedInput: 0, cacheWrite: 0 }),
): ReplyPlan {
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
    usage: reply.usage
      ? { ...reply.usage, cacheWrite: 0 }
      : estimate(replyChars(textChunks, toolCalls, reply.thinking)),
    delayMs: reply.delayMs ?? 0,
    ...(decision.failing && reply.failure ? { failure: reply.failure } : {}),
    checks,
  };
}
