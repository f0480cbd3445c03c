/**
 * A one-line text as a field shows it: windowed to its width so the cursor stays visible and the
 * row never grows, the cursor cell inverted while focused, the placeholder while empty. Drawing
 * only: who edits the text (the update function, a dialog, TextField) keeps it.
 */

import { Text } from "ink";
import type React from "react";
import { shownText, type TextState, visibleWindow } from "./text-edit.js";

export interface TextViewProps {
  readonly text: TextState;
  readonly placeholder?: string;
  /** Cells available to the text, cursor included. */
  readonly width: number;
  readonly focus?: boolean;
}

export function TextView({ text, placeholder = "", width, focus = true }: TextViewProps): React.ReactElement {
  if (text.value === "" && placeholder !== "") {
    return (
      <Text wrap="truncate">
        <Text inverse={focus}>{placeholder[0]}</Text>
        <Text dimColor>{placeholder.slice(1, Math.max(1, width))}</Text>
      </Text>
    );
  }
  const shown = visibleWindow(text, width);
  const visible = shownText(shown.text);
  const before = visible.slice(0, shown.cursor);
  const at = visible[shown.cursor] ?? " ";
  const after = visible.slice(shown.cursor + 1);
  return (
    <Text wrap="truncate">
      {before}
      <Text inverse={focus}>{at}</Text>
      {after}
    </Text>
  );
}
