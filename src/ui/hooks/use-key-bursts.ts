/**
 * Hands every key of a burst to the handlers one at a time (see keys/key-bursts.ts). It sits on
 * Ink's raw input emitter, like the mouse filter, because every useInput handler — the text
 * inputs included — must see the split keys, not only hmux's own dispatcher. It also records
 * each key's raw bytes, for the keys (F1) whose name Ink's useInput drops.
 */

import { useStdin } from "ink";
import { useEffect } from "react";
import { splitKeyBurst } from "../keys/key-bursts.js";
import { useKeys } from "./use-keys.js";

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

export function useKeyBursts(): void {
  const { internal_eventEmitter: emitter } = useStdin();
  const { raw } = useKeys();
  useEffect(() => {
    if (!emitter) return undefined;
    const original = emitter.emit as Emit;
    const split: Emit = function (this: unknown, event, ...args) {
      const data = args[0];
      if (event !== "input" || typeof data !== "string") return original.call(this, event, ...args);
      let handled = false;
      for (const key of splitKeyBurst(data)) {
        raw.current = key;
        handled = original.call(this, event, key) || handled;
      }
      raw.current = "";
      return handled;
    };
    emitter.emit = split as typeof emitter.emit;
    return () => {
      if (emitter.emit === split) emitter.emit = original as typeof emitter.emit;
    };
  }, [emitter, raw]);
}
