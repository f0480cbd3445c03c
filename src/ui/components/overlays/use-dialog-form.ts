/**
 * A dialog's form on Ink's input: one handler for every field, reading and writing the form in a
 * ref, so the keys of one read each see what the key before them did (a field's own handler would
 * only start listening after React re-rendered). Enter hands the latest values to `submit`.
 */
import { useInput } from "ink";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { usePaste } from "../../hooks/use-paste.js";
import { type Cycle, type DialogForm, formKey, formPaste, formValues, initialForm } from "./dialog-form.js";

export interface DialogFormOptions<F extends string> {
  readonly submit: (values: Record<F, string>) => void;
  readonly cycle?: Cycle<F>;
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
    (input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
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
  // Declared after the handlers, so it runs once they listen: keys read with the one that opened
  // the dialog come in now.
  const { flow } = useKeys();
  useEffect(() => {
    if (flow.held) flow.release();
  }, [flow]);
  return form.current;
}
