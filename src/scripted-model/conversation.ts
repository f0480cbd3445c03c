/**
 * What the script engine needs to know about one request, independent of the wire format
 * that carried it. Each protocol module reads its own body shape into this view.
 */

import { HmuxError } from "../core/hmux-error.js";
export type WireProtocol = "anthropic" | "responses" | "chat";

/** A tool the harness offered in this request, with its parameter names. */
export interface OfferedTool {
  readonly name: string;
  readonly params: readonly string[];
  /** "custom": a free-form (grammar) tool such as Codex's apply_patch; takes a string input. */
  readonly kind: "function" | "custom";
}

export interface ToolResultSeen {
  readonly callId: string;
  readonly output: string;
  /** The call failed (where the wire says so) or was refused: see `refusedText`. */
  readonly isError: boolean;
}

export interface Conversation {
  readonly protocol: WireProtocol;
  readonly model: string;
  readonly stream: boolean;
  /**
   * Text of the prompt the model is working on ("" when there is none): the last user message
   * that is neither a tool result nor an interjection (see `promptIndex`).
   */
  readonly lastUserText: string;
  /** Text of every message before that prompt, in order (both roles). */
  readonly earlierTexts: readonly string[];
  /** Text of every assistant message in the conversation. */
  readonly assistantTexts: readonly string[];
  /** How many rounds of tool results came back since the prompt (interjections do not reset it). */
  readonly toolRounds: number;
  /** The most recent round of tool results (empty when toolRounds is 0). */
  readonly latestToolResults: readonly ToolResultSeen[];
  readonly tools: readonly OfferedTool[];
}

/** How a wire's item reads for finding the prompt. */
export type ItemKind = "user" | "tool-result" | "other";

/**
 * Index of the prompt: the last user message that is not an interjection, -1 when none. A user
 * message that follows tool results (with only other user messages between) arrived while the
 * agent was still working — a steer, or the reason codex's app-server delivers after a declined
 * call — so it belongs to the task under way and does not start the script over. Unless it carries
 * inline markers (`isPrompt`): no steer or deny reason does, and an agent that ends its turn at a
 * denied call (opencode, qwen) sends the next prompt right after that call's result.
 */
export function promptIndex<T>(
  items: readonly T[],
  kindOf: (item: T) => ItemKind,
  isPrompt: (item: T) => boolean = () => false,
): number {
  for (let i = items.length - 1; i >= 0; i--) {
    if (kindOf(items[i]!) !== "user") continue;
    if (isPrompt(items[i]!)) return i;
    let j = i - 1;
    while (j >= 0 && kindOf(items[j]!) === "user") j--;
    if (j < 0 || kindOf(items[j]!) !== "tool-result") return i;
  }
  return -1;
}

/**
 * How the harnesses word a refused call in the tool output: codex's app-server after a decline
 * ("Rejected(\"rejected by user\")"), hmux's pi gate ("Blocked by hmux: …") and pi's own default
 * block. Wires with no error flag (Responses, Chat Completions) carry a refusal only as text.
 */
const REFUSAL = /rejected by user|^Blocked by hmux\b|^Tool execution was blocked/;

export function refusedText(output: string): boolean {
  return REFUSAL.test(output.trim());
}

/** The request body is JSON but not the shape this route expects. */
export class RequestShapeError extends HmuxError {
  constructor(
    readonly protocol: WireProtocol,
    readonly shape: string,
  ) {
    super("bad-model-request", `hmux model: unknown ${protocol} request shape: ${shape}`);
    this.name = "RequestShapeError";
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Text of a content value: a string, or an array of parts with `text` fields. */
export function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const part of content) {
    if (typeof part === "string") parts.push(part);
    else if (isRecord(part) && typeof part.text === "string") parts.push(part.text);
  }
  return parts.join("\n");
}

/** Parameter names of a JSON schema object (`properties` keys), [] when absent. */
export function paramsOf(schema: unknown): string[] {
  return isRecord(schema) && isRecord(schema.properties) ? Object.keys(schema.properties) : [];
}
