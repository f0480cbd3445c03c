/**
 * A one-line text field for the overlays (the pane's input line is edited by the update
 * function instead). Unlike ink-text-input it keeps the text it last produced in a ref and
 * applies each key to that, so keys arriving faster than React re-renders (a burst of
 * Backspaces) each take effect. A paste is inserted whole, its line breaks as spaces.
 */

import { useInput, usePaste } from "ink";
import type React from "react";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { useKeys } from "../hooks/use-keys.js";
import { TextView } from "./TextView.js";
import { applyKey, applyPaste, type TextState } from "./text-edit.js";

export interface TextFieldProps {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly onSubmit?: (value: string) => void;
  readonly placeholder?: string;
  /** Cells available to the text, cursor included. */
  readonly width: number;
  readonly focus?: boolean;
  /** False when this key event already belongs to someone else (hmux's own keys). */
  readonly accepts?: () => boolean;
}

export function TextField({
  value,
  onChange,
  onSubmit,
  placeholder = "",
  width,
  focus = true,
  accepts,
}: TextFieldProps): React.ReactElement {
  const state = useRef<TextState>({ value, cursor: value.length });
  // A value set from outside (a submit clears it, an edit pre-fills it) replaces ours.
  if (state.current.value !== value) state.current = { value, cursor: value.length };
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const props = useRef({ onChange, onSubmit, accepts });
  props.current = { onChange, onSubmit, accepts };
  const handler = useCallback((input: string, key: Parameters<Parameters<typeof useInput>[0]>[1]) => {
    const { onChange: change, onSubmit: submit, accepts: ok } = props.current;
    if (ok && !ok()) return;
    if (key.return) {
      submit?.(state.current.value);
      return;
    }
    const before = state.current;
    const after = applyKey(before, { ...key, input });
    if (after === before) return;
    state.current = after;
    if (after.value !== before.value) change(after.value);
    else rerender();
  }, []);
  useInput(handler, { isActive: focus });
  const paste = useCallback((text: string) => {
    const { onChange: change, accepts: ok } = props.current;
    if (ok && !ok()) return;
    const before = state.current;
    const after = applyPaste(before, text, false);
    if (after === before) return;
    state.current = after;
    change(after.value);
  }, []);
  usePaste(paste, { isActive: focus });
  // After the handlers above listen: keys read with the one that opened this field come in now.
  const { flow } = useKeys();
  useEffect(() => {
    if (focus && flow.held) flow.release();
  }, [focus, flow]);
  return <TextView text={state.current} placeholder={placeholder} width={width} focus={focus} />;
}
