/**
 * Every request the scripted model saw, in order, with what answered it and what the checks
 * found: tests read it in process (`requests()`) or over HTTP (`GET /_hmux/requests`).
 */
import type { IncomingHttpHeaders } from "node:http";
import type { WireProtocol } from "./conversation.js";
import type { CheckResult } from "./script-engine.js";

/** Headers worth keeping: auth, versions, retry counters, session ids. */
const KEPT_HEADERS = [
  "authorization",
  "x-api-key",
  "anthropic-version",
  "anthropic-beta",
  "user-agent",
  "content-type",
  "accept",
  "x-stainless-retry-count",
  "x-claude-code-session-id",
  "session-id",
  "thread-id",
  "originator",
  "content-encoding",
];

export type RequestOutcome =
  | "reply"
  | "failure"
  | "drop"
  | "stall"
  | "hang"
  | "shape-error"
  | "not-json"
  | "not-found"
  | "count-tokens"
  | "models"
  | "preconnect";

export interface RecordedRequest {
  readonly seq: number;
  readonly at: number;
  readonly method: string;
  /** Path including the query string. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON body, raw text when it is not JSON, null when empty. */
  readonly body: unknown;
  readonly protocol?: WireProtocol;
  readonly outcome: RequestOutcome;
  readonly status?: number;
  readonly rule?: string;
  readonly replyIndex?: number;
  /** The rule's onError reply answered (the latest tool round had an error). */
  readonly onError?: boolean;
  readonly lastUserText?: string;
  readonly toolCalls?: readonly { readonly id: string; readonly name: string }[];
  readonly checks: readonly CheckResult[];
  readonly error?: string;
}

/** Headers that carry a credential: the log says one was sent, never what it was. */
const CREDENTIAL_HEADERS = new Set(["authorization", "x-api-key"]);

/** "Bearer sk-…" → "Bearer [redacted]"; a bare key → "[redacted]". */
export function redactCredential(value: string): string {
  const scheme = /^(\w+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} [redacted]` : "[redacted]";
}

export function keptHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = headers[name];
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(", ") : value;
    out[name] = CREDENTIAL_HEADERS.has(name) ? redactCredential(text) : text;
  }
  return out;
}

export class RequestRecorder {
  private readonly log: RecordedRequest[] = [];
  private seq = 0;

  nextSeq(): number {
    return ++this.seq;
  }

  add(entry: RecordedRequest): void {
    this.log.push(entry);
  }

  all(): readonly RecordedRequest[] {
    return [...this.log];
  }

  clear(): void {
    this.log.length = 0;
  }
}
