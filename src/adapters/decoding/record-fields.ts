/** Safe field access on a parsed native record, and the `unrecognized` event for a record no rule reads. Pure. */
import type { JsonObject } from "../../core/decoder.js";
import type { HarnessEvent } from "../../core/events.js";

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
