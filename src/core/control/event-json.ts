/**
 * A session event's JSON, encoded once for every place it is written: the journal's record and
 * each client's event line carry the same text, and an event is written to all of them one
 * after another (the journal first, then the watchers). Only the last event is remembered, so
 * this holds nothing once the next event comes. Events are never changed after they are emitted.
 */
import type { SessionEvent } from "./types.js";

let last: SessionEvent | null = null;
let lastJson = "";

export function eventJson(event: SessionEvent): string {
  if (event !== last) {
    lastJson = JSON.stringify(event);
    last = event;
  }
  return lastJson;
}
