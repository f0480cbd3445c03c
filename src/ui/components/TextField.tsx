/**
 * A one-line text field. Unlike ink-text-input it keeps the text it last produced in a ref and
 * applies each key to that, so keys arriving faster than React re-renders (a burst of
 * Backspaces) each take effect; and it windows long text to its width so the row never grows.
 */

import { Text, useInput } from "ink";
import type React from "react";
import { useCallback, useReducer, useRef } from "react";
import { applyKey, type TextState, visibleWindow } from "./text-edit.js";

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
  const current = state.current;
  if (current.value === "" && placeholder !== "") {
    return (
      <Text wrap="truncate">
        <Text inverse>{placeholder[0]}</Text>
        <Text dimColor>{placeholder.slice(1, Math.max(1, width))}</Text>
      </Text>
    );
  }
  const shown = visibleWindow(current, width);
  const before = shown.text.slice(0, shown.cursor);
  const at = shown.text[shown.cursor] ?? " ";
  const after = shown.text.slice(shown.cursor + 1);
  return (
    <Text wrap="truncate">
      {before}
      <Text inverse={focus}>{at}</Text>
      {after}
    </Text>
  );
}
