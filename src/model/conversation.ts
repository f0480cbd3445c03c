/**
 * What the script engine needs to know about one request, independent of the wire format
 * that carried it. Each protocol module reads its own body shape into this view.
 */
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
  readonly isError: boolean;
}

export interface Conversation {
  readonly protocol: WireProtocol;
  readonly model: string;
  readonly stream: boolean;
  /** Text of the last user message that is not a tool result ("" when there is none). */
  readonly lastUserText: string;
  /** Text of every message before that last user message, in order (both roles). */
  readonly earlierTexts: readonly string[];
  /** Text of every assistant message in the conversation. */
  readonly assistantTexts: readonly string[];
  /** How many rounds of tool results came back since the last user message. */
  readonly toolRounds: number;
  /** The most recent round of tool results (empty when toolRounds is 0). */
  readonly latestToolResults: readonly ToolResultSeen[];
  readonly tools: readonly OfferedTool[];
}

/** The request body is JSON but not the shape this route expects. */
export class RequestShapeError extends Error {
  constructor(
    readonly protocol: WireProtocol,
    readonly shape: string,
  ) {
    super(`hmux model: unknown ${protocol} request shape: ${shape}`);
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
