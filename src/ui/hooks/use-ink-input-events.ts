/**
 * The emitter Ink hands each parsed input event to ("input": a key or a run of plain text;
 * "paste": a bracketed paste's text, when something listens for it). Ink's useInput and usePaste
 * listen on it; hmux's key bursts sit on it too, because every useInput handler, the text fields
 * included, must see single keys (keys/key-bursts.ts). Ink 8 keeps it on the stdin context but
 * no longer in the context's public type, so it is read here alone, and absent it the hooks do nothing.
 */
import type { EventEmitter } from "node:events";
import { useStdin } from "ink";

export function useInkInputEvents(): EventEmitter | undefined {
  const context = useStdin() as unknown as { readonly internal_eventEmitter?: EventEmitter };
  return context.internal_eventEmitter;
}
