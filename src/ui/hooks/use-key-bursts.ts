/**
 * Hands Ink's handlers one key at a time, in the order read, and each paste whole on an event of
 * its own (see keys/key-bursts.ts). It sits on Ink's raw input emitter, like the mouse filter,
 * because every useInput handler — the text fields included — must see single keys. A paste
 * never reaches useInput: only the handlers that take text (usePaste) hear it, so a pasted
 * "a" or Tab is never a key. It also records each key's raw bytes, for the keys (F1) whose name
 * Ink's useInput drops.
 */

import { useStdin } from "ink";
import { useEffect } from "react";
import { InputAssembler } from "../keys/key-bursts.js";
import { useKeys } from "./use-keys.js";
import { PASTE_EVENT } from "./use-paste.js";

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

export function useKeyBursts(): void {
  const { internal_eventEmitter: emitter } = useStdin();
  const { raw } = useKeys();
  useEffect(() => {
    if (!emitter) return undefined;
    const original = emitter.emit as Emit;
    const assembler = new InputAssembler();
    const split: Emit = function (this: unknown, event, ...args) {
      const data = args[0];
      if (event !== "input" || typeof data !== "string") return original.call(this, event, ...args);
      let handled = false;
      for (const unit of assembler.feed(data)) {
        if (unit.kind === "paste") {
          handled = original.call(this, PASTE_EVENT, unit.text) || handled;
          continue;
        }
        raw.current = unit.data;
        handled = original.call(this, event, unit.data) || handled;
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
