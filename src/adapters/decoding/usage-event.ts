/** A usage event from the fields a record had: an absent or non-numeric field is left out, never 0. */
import type { UsageEvent } from "../../core/events.js";

type UsageFields = { -readonly [K in keyof Omit<UsageEvent, "kind">]?: UsageEvent[K] | undefined };

export function usageEvent(fields: UsageFields): UsageEvent {
  const out: Record<string, unknown> = { kind: "usage" };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  return out as unknown as UsageEvent;
}

/** a − b, never below 0 (a count that went down gives nothing, not a negative spend). */
export function less(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return undefined;
  return Math.max(0, a - (b ?? 0));
}
