/**
 * A dialog's fields as one value: each field's text and cursor, and which field the cursor is
 * on. Each key is applied to the form the key before it left (pure, so a burst like
 * Down Down Down "/tmp" puts the text in the field the arrows moved to, however fast it came).
 */
import { applyKey, applyPaste, type EditKey, type TextState } from "../text-edit.js";

export interface DialogForm<F extends string> {
  readonly fields: Readonly<Record<F, TextState>>;
  readonly active: number;
}

/** The key flags a form reads besides the text editing ones. */
export interface FormKey extends EditKey {
  readonly tab?: boolean;
  readonly shift?: boolean;
  readonly upArrow?: boolean;
  readonly downArrow?: boolean;
}

/** The value ←/→ step to on a field that offers choices; undefined: the arrows move the cursor. */
export type Cycle<F extends string> = (field: F, value: string, delta: 1 | -1) => string | undefined;

export function initialForm<F extends string>(names: readonly F[], values: Readonly<Record<F, string>>): DialogForm<F> {
  const fields = {} as Record<F, TextState>;
  for (const f of names) {
    const value = values[f] ?? "";
    fields[f] = { value, cursor: value.length };
  }
  return { fields, active: 0 };
}

/** A field with nothing typed in it. */
export const EMPTY_FIELD: TextState = { value: "", cursor: 0 };

/**
 * The form over `names` when they changed (a dialog whose fields follow what the server offers): a
 * new name gets an empty field, a field no longer named keeps its text for when it comes back, and
 * the cursor stays on the form.
 */
export function withNames<F extends string>(form: DialogForm<F>, names: readonly F[]): DialogForm<F> {
  const missing = names.filter((f) => form.fields[f] === undefined);
  const active = Math.min(form.active, Math.max(0, names.length - 1));
  if (missing.length === 0 && active === form.active) return form;
  const fields = { ...form.fields } as Record<F, TextState>;
  for (const f of missing) fields[f] = EMPTY_FIELD;
  return { fields, active };
}

/** Every field's text, those not named now too. */
export function allValues<F extends string>(form: DialogForm<F>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [f, text] of Object.entries(form.fields) as Array<[string, TextState]>) out[f] = text.value;
  return out;
}

export function formValues<F extends string>(names: readonly F[], form: DialogForm<F>): Record<F, string> {
  const out = {} as Record<F, string>;
  for (const f of names) out[f] = form.fields[f].value;
  return out;
}

function withField<F extends string>(form: DialogForm<F>, field: F, text: TextState): DialogForm<F> {
  return text === form.fields[field] ? form : { ...form, fields: { ...form.fields, [field]: text } };
}

/** The form after one key (Enter and Esc are the dialog's, not the form's). */
export function formKey<F extends string>(
  names: readonly F[],
  form: DialogForm<F>,
  key: FormKey,
  cycle?: Cycle<F>,
): DialogForm<F> {
  const n = names.length;
  if (key.tab || key.downArrow) return { ...form, active: (form.active + (key.tab && key.shift ? n - 1 : 1)) % n };
  if (key.upArrow) return { ...form, active: (form.active + n - 1) % n };
  const field = names[form.active]!;
  const text = form.fields[field];
  if ((key.leftArrow || key.rightArrow) && !key.ctrl && !key.meta && cycle) {
    const next = cycle(field, text.value, key.rightArrow ? 1 : -1);
    if (next !== undefined) return withField(form, field, { value: next, cursor: next.length });
  }
  return withField(form, field, applyKey(text, key));
}

/** The form after a paste into the active field (one line: its line breaks become spaces). */
export function formPaste<F extends string>(names: readonly F[], form: DialogForm<F>, pasted: string): DialogForm<F> {
  const field = names[form.active]!;
  return withField(form, field, applyPaste(form.fields[field], pasted, false));
}

/** The next or previous of `choices` from `value` (the first or last when `value` is none of them). */
export function cycleChoice(choices: readonly string[], value: string, delta: 1 | -1): string | undefined {
  if (choices.length === 0) return undefined;
  const at = choices.indexOf(value.trim());
  if (at === -1) return delta === 1 ? choices[0] : choices[choices.length - 1];
  return choices[(at + delta + choices.length) % choices.length];
}
