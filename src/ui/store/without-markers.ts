/**
 * Everything the TUI shows enters its state through one message (app-store.ts's dispatch), so this
 * is the one place where text from outside hmux — a harness's output, a tool's input, a session's
 * name, a server's reply, a paste — loses the body layer's marker characters (body-layer.ts): drawn
 * by Ink, such a character would be taken for a pane body's marker and show that body's row there.
 *
 * Copy on write: a message with no marker in any string is returned as it is, so the common case
 * allocates nothing. Only plain objects and arrays are walked; a port, a Map or a class instance
 * a message carries is left as it is.
 */
import { withoutLayerMarkers } from "../render/body-layer.js";

export function withoutMarkersDeep<T>(value: T): T {
  return clean(value) as T;
}

function clean(value: unknown): unknown {
  if (typeof value === "string") return withoutLayerMarkers(value);
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const before: unknown = value[i];
      const after = clean(before);
      if (after !== before) {
        copy ??= value.slice();
        copy[i] = after;
      }
    }
    return copy ?? value;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  let copy: Record<string, unknown> | null = null;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const before = record[key];
    const after = clean(before);
    if (after !== before) {
      copy ??= { ...record };
      copy[key] = after;
    }
  }
  return copy ?? value;
}
