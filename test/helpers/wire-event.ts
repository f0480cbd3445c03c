/** An event line's event as a SessionEvent, checked in full as a TUI checks it: one no client could read fails the test. */
import type { SessionEvent } from "../../src/core/control/types.js";
import { parseEvent } from "../../src/tui-client/wire-events.js";

export function sessionEventOf(value: unknown): SessionEvent {
  const event = parseEvent(value);
  if (!event) throw new Error(`the server sent an event no client can read: ${JSON.stringify(value)}`);
  return event;
}
