/**
 * A dialog's form on Ink's input: one handler for every field, reading and writing the form in a
 * ref, so the keys of one read each see what the key before them did (a field's own handler would
 * only start listening after React re-rendered). Enter hands the latest values to `submit`.
 */
import { type Key, useInput, usePaste } from "ink";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { type Cycle, type DialogForm, formKey, formPaste, formValues, initialForm } from "./dialog-form.js";

/**
 * Keys typed before the form could listen (while its dialog asked the server for its choices):
 * the form takes them in, in order, as it mounts; after that whoever kept them keeps no more.
 */
export interface TypedAhead {
  readonly keys: Array<{ readonly input: string; readonly key: Key }>;
  taken: boolean;
}

export interface DialogFormOptions<F extends string> {
  readonly submit: (values: Record<F, string>) => void;
  readonly cycle?: Cycle<F>;
  readonly typedAhead?: TypedAhead;
}

export function useDialogForm<F extends string>(
  names: readonly F[],
  initial: Readonly<Record<F, string>>,
  options: DialogFormOptions<F>,
): DialogForm<F> {
  const form = useRef<DialogForm<F> | null>(null);
  form.current ??= initialForm(names, initial);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  latest.current = options;
  const onKey = useCallback(
    (input: string, key: Key) => {
      const before = form.current!;
      if (key.escape) return;
      if (key.return) {
        latest.current.submit(formValues(names, before));
        return;
      }
      const after = formKey(names, before, { ...key, input }, latest.current.cycle);
      if (after === before) return;
      form.current = after;
      rerender();
    },
    [names],
  );
  useInput(onKey);
  const onPaste = useCallback(
    (text: string) => {
      const before = form.current!;
      const after = formPaste(names, before, text);
      if (after === before) return;
      form.current = after;
      rerender();
    },
    [names],
  );
  usePaste(onPaste);
  // Once the handlers listen, the keys typed ahead of them come in first.
  useEffect(() => {
    const ahead = latest.current.typedAhead;
    if (!ahead || ahead.taken) return;
    ahead.taken = true;
    for (const { input, key } of ahead.keys.splice(0)) onKey(input, key);
  }, [onKey]);
  // Declared after the handlers, so it runs once they listen: keys read with the one that opened
  // the dialog come in now.
  const { flow } = useKeys();
  useEffect(() => {
    if (flow.held) flow.release();
  }, [flow]);
  return form.current;
}
