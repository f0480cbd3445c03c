/**
 * Small pieces every harness decoder shares: identity bookkeeping, non-JSON line handling,
 * canonical tool names and safe field access on parsed records. Pure, no I/O.
 */

import { authFailure, limitFailure, type MatcherSet, matchLimit } from "../core/classify.js";
import type { DecoderContext, JsonObject } from "../core/decoder.js";
import type { HarnessEvent } from "../core/events.js";
import { failureEvent } from "../core/failure.js";
import type { HarnessName } from "../core/harness-names.js";

export function str(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}
export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
export function obj(value: unknown): JsonObject | undefined {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as JsonObject) : undefined;
}
export function arr(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The record's own `type` (or a fallback label) for `unrecognized` events. */
export function nativeTypeOf(record: JsonObject): string {
  return str(record.type) ?? str(record.kind) ?? "(untyped)";
}

export function unrecognized(record: JsonObject, nativeType = nativeTypeOf(record)): HarnessEvent {
  return { kind: "unrecognized", nativeType, record };
}

/**
 * Tracks the session id a stream announces. The first sighting is `identity`; a repeat of the
 * same id (claude re-announces per turn) is a `progress`, never a second identity; a different
 * id is an `error` naming the rotation followed by a fresh harness-minted identity.
 */
export class IdentityTracker {
  private current: string | undefined;
  constructor(
    private readonly harness: HarnessName,
    private readonly context: DecoderContext,
  ) {}

  get sessionId(): string | undefined {
    return this.current;
  }

  announce(id: unknown, model?: string): HarnessEvent[] {
    if (typeof id !== "string" || id.trim() === "") {
      return [
        { kind: "error", message: `identity malformed: ${this.harness} announced session id ${JSON.stringify(id)}` },
      ];
    }
    if (this.current === id) return [{ kind: "progress", label: "identity-repeat", detail: id }];
    const out: HarnessEvent[] = [];
    const requested = this.context.requestedSessionId;
    if (this.current !== undefined) {
      out.push({
        kind: "error",
        message: `identity rotated: ${this.harness} switched session from ${this.current} to ${id}`,
      });
    } else if (requested !== undefined && requested !== id && !this.context.resumeLast) {
      out.push({
        kind: "error",
        message: `identity rotated: requested session ${requested}, ${this.harness} announced ${id}`,
      });
    }
    const callerAssigned = this.current === undefined && requested !== undefined && requested === id;
    this.current = id;
    out.push({
      kind: "identity",
      harness: this.harness,
      sessionId: id,
      authority: callerAssigned ? "caller-assigned" : "harness-minted",
      ...(model ? { model } : {}),
      ...(this.context.resumeLast ? { resumeLast: true } : {}),
    });
    return out;
  }
}

/**
 * A line that is not a JSON object: surfaced as `raw`, never fatal. Limit wording on either
 * stream is a wall (`limit` + failure); auth wording is trusted on stderr only, where the
 * harness writes its own diagnostics (stdout prose could be the model quoting an error).
 */
export function textLineEvents(line: string, stream: "stdout" | "stderr", set: MatcherSet): HarnessEvent[] {
  const out: HarnessEvent[] = [{ kind: "raw", stream, text: line }];
  const code = matchLimit(line, set);
  if (code) {
    out.push({ kind: "limit", code, message: line }, failureEvent(limitFailure(code, line)));
    return out;
  }
  if (stream === "stderr") {
    const auth = authFailure(line, set);
    if (auth) out.push({ kind: "error", message: `auth wall: ${auth.authKind}` }, failureEvent(auth));
  }
  return out;
}

/** Native → canonical tool name, context overrides first (descriptor toolMap), then defaults. */
export function canonicalTool(
  name: string,
  defaults: Readonly<Record<string, string>>,
  context: DecoderContext,
): string | undefined {
  return context.toolNames?.[name] ?? defaults[name];
}

/** Text of a tool result whose content may be a string or an array of {type:"text",text} blocks. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  const parts: string[] = [];
  for (const block of arr(content)) {
    const b = obj(block);
    const t = b ? str(b.text) : undefined;
    if (t !== undefined) parts.push(t);
  }
  return parts.join("");
}
