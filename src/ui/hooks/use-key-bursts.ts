/**
 * Hands Ink's handlers one key at a time, in the order read, and each paste whole on an event of
 * its own (see keys/key-bursts.ts). It sits on Ink's raw input emitter, like the mouse filter,
 * because every useInput handler — the text fields included — must see single keys. A paste
 * never reaches useInput: only the handlers that take text (usePaste) hear it, so a pasted
 * "a" or Tab is never a key. It also records each key's raw bytes, for the keys (F1) whose name
 * Ink's useInput drops. A key that opens a dialog holds the rest of its read (KeyFlow) until the
 * dialog listens.
 */

import { useEffect } from "react";
import { InputAssembler, type InputUnit } from "../keys/key-bursts.js";
import { useInkInputEvents } from "./use-ink-input-events.js";
import { useKeys } from "./use-keys.js";
import { PASTE_EVENT } from "./use-paste.js";
import { useStore } from "./use-store.js";

type Emit = (event: string | symbol, ...args: unknown[]) => boolean;

/** Where Ink emits a bracketed paste's text. */
const INK_PASTE_EVENT = "paste";

/** How long held keys wait for the dialog that holds them before they go on regardless. */
const HOLD_LIMIT_MS = 250;

export function useKeyBursts(): void {
  const emitter = useInkInputEvents();
  const { raw, flow } = useKeys();
  const { scheduler } = useStore();
  useEffect(() => {
    if (!emitter) return undefined;
    const original = emitter.emit as Emit;
    const assembler = new InputAssembler();
    const queue: InputUnit[] = [];
    /** Cancels the hold limit's timer; undefined while none runs. */
    let limit: (() => void) | undefined;
    const deliver = (unit: InputUnit): boolean => {
      if (unit.kind === "paste") return original.call(emitter, PASTE_EVENT, unit.text);
      raw.current = unit.data;
      const handled = original.call(emitter, "input", unit.data);
      raw.current = "";
      return handled;
    };
    /** Delivers queued units until one holds the rest back (a key that opened a dialog). */
    const drain = (): boolean => {
      let handled = false;
      while (queue.length > 0 && !flow.held) handled = deliver(queue.shift()!) || handled;
      if (flow.held && queue.length > 0 && limit === undefined) {
        limit = scheduler.after(HOLD_LIMIT_MS, () => flow.release());
      }
      return handled;
    };
    flow.release = () => {
      flow.held = false;
      limit?.();
      limit = undefined;
      drain();
    };
    const split: Emit = function (this: unknown, event, ...args) {
      const data = args[0];
      if (event !== "input" || typeof data !== "string") return original.call(this, event, ...args);
      queue.push(...assembler.feed(data));
      return drain();
    };
    emitter.emit = split as typeof emitter.emit;
    // Ink 8 cuts a bracketed paste out itself and emits its text on "paste" when someone listens
    // (else as input, where its "a" or Tab would be taken for keys): it joins the queue whole.
    const onPaste = (text: unknown): void => {
      if (typeof text !== "string") return;
      queue.push({ kind: "paste", text });
      drain();
    };
    emitter.on(INK_PASTE_EVENT, onPaste);
    return () => {
      emitter.off(INK_PASTE_EVENT, onPaste);
      limit?.();
      flow.release = () => undefined;
      if (emitter.emit === split) emitter.emit = original as typeof emitter.emit;
    };
  }, [emitter, raw, flow, scheduler]);
}
