/**
 * Pasted text, for the handlers that take text. useKeyBursts emits each bracketed paste whole on
 * this event of Ink's input emitter, so handlers registered earlier hear it first, as with keys.
 */

import { useEffect } from "react";
import { useInkInputEvents } from "./use-ink-input-events.js";

export const PASTE_EVENT = "hmux-paste";

export function usePaste(handler: (text: string) => void, options: { readonly isActive?: boolean } = {}): void {
  const emitter = useInkInputEvents();
  const active = options.isActive !== false;
  useEffect(() => {
    if (!active || !emitter) return undefined;
    const listener = (text: unknown): void => {
      if (typeof text === "string") handler(text);
    };
    emitter.on(PASTE_EVENT, listener);
    return () => {
      emitter.removeListener(PASTE_EVENT, listener);
    };
  }, [emitter, handler, active]);
}
