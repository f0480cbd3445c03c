/**
 * A session's events as a TUI takes them off the wire. The connection checked each only as an object
 * with a kind (src/protocol/messages.ts says why); here each is checked in full against core's
 * session-event schema, so one this client cannot read is null in its place and costs only itself.
 * That schema checks control events field by field and passes the decoders' events by their kind,
 * so its inferred type says no more than `{kind}`: the SessionEvent it stands for is named here.
 */
import { sessionEventListSchema, sessionEventSchema } from "../core/control/journal-format.js";
import type { SessionEvent } from "../core/control/types.js";

/** An event off the wire, or null when it is not a SessionEvent. */
export function parseEvent(value: unknown): SessionEvent | null {
  const r = sessionEventSchema.safeParse(value);
  return r.success ? (r.data as unknown as SessionEvent) : null;
}

/** A replay's events, checked in one pass; each one that is not a SessionEvent is null in its place. */
export function parseEvents(values: readonly unknown[]): (SessionEvent | null)[] {
  const r = sessionEventListSchema.safeParse(values);
  if (r.success) return r.data as unknown as SessionEvent[];
  const bad = new Set(r.error.issues.map((issue) => issue.path[0]));
  return values.map((value, i) => (bad.has(i) ? null : parseEvent(value)));
}
