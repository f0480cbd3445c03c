import { Box, Text } from "ink";
import type React from "react";
import { useCallback } from "react";
import { useKeys } from "../../hooks/use-keys.js";
import { useStore } from "../../hooks/use-store.js";
import { useTheme } from "../../hooks/use-theme.js";
import { focusKeys, hint, keyOf } from "../../keys/hints.js";
import type { Keymap } from "../../keys/keymap.js";
import type { Broadcast } from "../../store/ui-state.js";
import { CONFIRM_ROWS } from "../../store/ui-state.js";
import { TextField } from "../TextField.js";
import { OverlayFrame } from "./OverlayFrame.js";

export interface BroadcastBarProps {
  readonly broadcast: Broadcast;
  /** The marked panes as the headers number them, e.g. ["1 claude", "3 pi"]. */
  readonly marked: readonly string[];
  readonly width: number;
}

/** What the keys do while panes are marked; the chord that leaves is read from the keymap. */
export function selectKeysText(keymap: Keymap): string {
  const focus = focusKeys(keymap);
  const leave = keyOf(keymap, "broadcast");
  const all = hint(keymap, "broadcast.markAll", "all");
  // Most needed first: a narrow bar cuts from the end.
  return [
    "Space marks the focused pane",
    "1-9 by number",
    ...(all ? [all] : []),
    "Enter: the prompt",
    `Esc${leave ? `/${leave}` : ""} cancels`,
    ...(focus ? [`${focus} focus`] : []),
  ].join(" · ");
}

/** The broadcast under the panes: which panes are marked, then the one prompt for all of them. */
export function BroadcastBar({ broadcast, marked, width }: BroadcastBarProps): React.ReactElement {
  const theme = useTheme();
  const store = useStore();
  const { keymap } = useKeys();
  const onChange = useCallback(
    (text: string) => store.dispatch({ kind: "broadcast", act: { do: "draft", text } }),
    [store],
  );
  const onSubmit = useCallback(
    (text: string) => store.dispatch({ kind: "broadcast", act: { do: "send", text } }),
    [store],
  );
  const who = marked.length === 0 ? "no pane marked yet" : marked.join(", ");
  const inner = Math.max(1, width - 4);
  const composing = broadcast.phase === "compose";
  const prompt = "broadcast › ";
  return (
    <OverlayFrame
      title={composing ? `broadcast to ${who} · Enter sends · Esc back to marks` : `broadcast · marked: ${who}`}
      width={width}
      height={CONFIRM_ROWS}
    >
      {composing ? (
        <Box width={inner} height={1} overflow="hidden">
          <Text color={theme.colors.user} bold>
            {prompt}
          </Text>
          <TextField
            value={broadcast.draft}
            onChange={onChange}
            onSubmit={onSubmit}
            width={Math.max(1, inner - prompt.length)}
            placeholder="one prompt for every marked pane"
          />
        </Box>
      ) : (
        <Text wrap="truncate" dimColor>
          {selectKeysText(keymap)}
        </Text>
      )}
    </OverlayFrame>
  );
}
