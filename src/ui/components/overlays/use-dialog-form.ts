/**
 * A dialog's form on Ink's input: one handler for every field, reading and writing the form in a
 * ref, so the keys of one read each see what the key before them did (a field's own handler would
 * only start listening after React re-rendered). Enter hands the latest values to `submit`.
 */
import { type Key, useInput, usePaste } from "ink";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useKeys } from "../../hooks/use-keys.js";
import {
  allValues,
  type Cycle,
  type DialogForm,
  formKey,
  formPaste,
  formValues,
  initialForm,
  withNames,
} from "./dialog-form.js";

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

/**
 * The form's fields: fixed, or what the fields hold says (a harness's own settings follow the
 * harness named), asked again after every key so a burst's next key sees the fields its last made.
 */
export type FormNames<F extends string> = readonly F[] | ((values: Readonly<Record<string, string>>) => readonly F[]);

export function useDialogForm<F extends string>(
  names: FormNames<F>,
  initial: Readonly<Record<string, string>>,
  options: DialogFormOptions<F>,
): DialogForm<F> & { readonly names: readonly F[] } {
  const namer = useRef(names);
  namer.current = names;
  const namesOf = useCallback((values: Readonly<Record<string, string>>): readonly F[] => {
    const n = namer.current;
    return typeof n === "function" ? n(values) : n;
  }, []);
  const form = useRef<DialogForm<F> | null>(null);
  form.current = form.current
    ? withNames(form.current, namesOf(allValues(form.current)))
    : initialForm(namesOf(initial), initial);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const latest = useRef(options);
  latest.current = options;
  const onKey = useCallback(
    (input: string, key: Key) => {
      const before = form.current!;
      if (key.escape) return;
      const names = namesOf(allValues(before));
      if (key.return) {
        latest.current.submit(formValues(names, before));
        return;
      }
      const after = formKey(names, before, { ...key, input }, latest.current.cycle);
      if (after === before) return;
      form.current = withNames(after, namesOf(allValues(after)));
      rerender();
    },
    [namesOf],
  );
  useInput(onKey);
  const onPaste = useCallback(
    (text: string) => {
      const before = form.current!;
      const after = formPaste(namesOf(allValues(before)), before, text);
      if (after === before) return;
      form.current = withNames(after, namesOf(allValues(after)));
      rerender();
    },
    [namesOf],
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
  return { ...form.current, names: namesOf(allValues(form.current)) };
}
