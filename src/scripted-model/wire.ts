/** The contract every wire format (Anthropic Messages, OpenAI Responses, Chat Completions) meets. */
import type { ServerResponse } from "node:http";
import type { Conversation, WireProtocol } from "./conversation.js";
import type { ReplyPlan } from "./reply-plan.js";

export interface WireAdapter {
  readonly protocol: WireProtocol;
  /** Prefix of the call ids this format mints (toolu_…, call_…). */
  readonly callIdPrefix: string;
  /** Read a parsed JSON body; throws RequestShapeError when the shape is not this format's. */
  read(body: unknown): Conversation;
  /** Stream or send the reply. A "drop"/"stall" failure in the plan happens after the first event. */
  respond(res: ServerResponse, plan: ReplyPlan, conv: Conversation, responseId: string): Promise<void>;
  /** This format's error body for an HTTP failure. */
  errorBody(status: number, message: string): unknown;
}

/** Default error message per status, in the spirit of each provider's own. */
export function defaultErrorMessage(status: number): string {
  switch (status) {
    case 400:
      return "Bad request (hmux model)";
    case 401:
      return "invalid x-api-key";
    case 403:
      return "Forbidden: this key may not use this model (hmux model)";
    case 404:
      return "Not found (hmux model)";
    case 429:
      return "Rate limited (hmux model)";
    case 529:
      return "Overloaded";
    default:
      return `Internal server error (hmux model, status ${status})`;
  }
}

/** Split a JSON argument string in two, so clients see a real incremental delta. */
export function splitInHalf(text: string): string[] {
  if (text.length < 2) return [text];
  const mid = Math.floor(text.length / 2);
  return [text.slice(0, mid), text.slice(mid)];
}
