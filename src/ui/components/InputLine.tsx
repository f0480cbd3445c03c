import { Box, Text } from "ink";
import type React from "react";
import { useKeys } from "../hooks/use-keys.js";
import { useLayerRow } from "../hooks/use-layer-row.js";
import { useTheme } from "../hooks/use-theme.js";
import { focusKeys, keyOf } from "../keys/hints.js";
import type { UiState } from "../store/ui-state.js";
import { TextView } from "./TextView.js";
import { shownText, type TextState } from "./text-edit.js";
import { textViewRow } from "./text-row.js";

export type InputLineMode = "answer" | "turn" | "steer" | "inject" | "none" | "deny" | "edit";

const PROMPT: Readonly<Record<InputLineMode, string>> = {
  turn: "› ",
  answer: "answer › ",
  steer: "steer › ",
  inject: "inject › ",
  none: "",
  deny: "deny reason › ",
  edit: "edit input › ",
};

/** Narrow panes: the widget above already says what is being typed, so the field keeps the room. */
const SHORT_PROMPT: Readonly<Record<InputLineMode, string>> = {
  ...PROMPT,
  answer: "› ",
  deny: "deny › ",
  edit: "edit › ",
};

/** What an empty field sends on Enter: steer and inject differ in when the harness sees it. */
const PLACEHOLDER: Readonly<Record<InputLineMode, string>> = {
  turn: "prompt",
  answer: "your answer",
  steer: "joins the running turn now",
  inject: "queued until this turn ends",
  none: "",
  deny: "why (the model reads it)",
  edit: "",
};

/** Below this many columns the short prompts are used. */
const NARROW = 40;

export function promptFor(mode: InputLineMode, width: number): string {
  return (width < NARROW ? SHORT_PROMPT : PROMPT)[mode];
}

export interface InputLineProps {
  readonly mode: InputLineMode;
  readonly draft: string;
  /** Where the cursor is in the draft. */
  readonly cursor: number;
  readonly focused: boolean;
  readonly width: number;
  /** Why input is unavailable, when mode is "none". */
  readonly idleHint: string;
  /** The draft and cursor a newer published state holds for this pane (the body layer redraws the field from it). */
  readonly textOf?: (frame: UiState) => TextState;
}

/**
 * The pane's input: sends a turn, answers, steers or injects, or types a deny reason. It only
 * draws the draft: the keys edit it through the update function (keys/dispatch.ts), so each key
 * of a burst applies to the draft the key before it left.
 */
export function InputLine({
  mode,
  draft,
  cursor,
  focused,
  width,
  idleHint,
  textOf,
}: InputLineProps): React.ReactElement {
  const theme = useTheme();
  const { keymap } = useKeys();
  const prompt = promptFor(mode, width);
  const help = keyOf(keymap, "help");
  const placeholder = mode === "turn" && help ? `${PLACEHOLDER.turn} · ${help} help` : PLACEHOLDER[mode];
  const fieldWidth = Math.max(1, width - prompt.length);
  const editing = focused && mode !== "none";
  // A typed key changes only the field: the body layer redraws it without React or Ink (use-layer-row.ts).
  const row = editing && textOf ? (textViewRow({ value: draft, cursor }, placeholder, fieldWidth) ?? "ink") : "absent";
  const marker = useLayerRow(row, fieldWidth, (frame) =>
    textOf ? textViewRow(textOf(frame), placeholder, fieldWidth) : null,
  );
  if (!editing) {
    const focus = focusKeys(keymap);
    const text =
      mode === "none"
        ? idleHint
        : draft !== ""
          ? `${prompt}${shownText(draft)}`
          : `${prompt}${focus ? `(${focus} to focus)` : ""}`;
    return (
      <Box width={width} height={1}>
        <Text dimColor wrap="truncate">
          {text}
        </Text>
      </Box>
    );
  }
  const tone = mode === "deny" || mode === "edit" ? theme.colors.attention : theme.colors.user;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text color={tone} bold>
        {prompt}
      </Text>
      {marker !== null ? (
        <Box width={fieldWidth}>
          <Text>{marker}</Text>
        </Box>
      ) : (
        <TextView text={{ value: draft, cursor }} width={fieldWidth} placeholder={placeholder} />
      )}
    </Box>
  );
}
