/**
 * The single place hmux reads keys and pastes. Its handlers are stable, so Ink registers them
 * once at mount, ahead of any overlay field's own; each marks the event it consumes so a field
 * can ignore the same event. Every decision reads the store's live state, so the keys of one
 * burst each see what the key before them did.
 */

import { type Key, useInput, usePaste } from "ink";
import { useCallback } from "react";
import type { EditKey } from "../components/text-edit.js";
import { keyIntent, pasteIntent } from "../keys/dispatch.js";
import { keyName } from "../keys/key-name.js";
import { routeNativeKey, routeNativePaste } from "../native/route-native-key.js";
import type { UiState } from "../store/ui-state.js";
import { useKeys } from "./use-keys.js";
import { useStore } from "./use-store.js";

function editKey(input: string, key: Key): EditKey {
  return {
    input,
    leftArrow: key.leftArrow,
    rightArrow: key.rightArrow,
    home: key.home,
    end: key.end,
    backspace: key.backspace,
    delete: key.delete,
    ctrl: key.ctrl,
    meta: key.meta,
  };
}

/** Whether a dialog or an overlay's text field (which read keys themselves) opened between the two states. */
export function opensKeyTaker(before: UiState, after: UiState): boolean {
  const overlay = after.overlay;
  if (overlay !== before.overlay && (overlay?.kind === "new-session" || overlay?.kind === "race-dialog")) return true;
  if (after.broadcast?.phase === "compose" && before.broadcast?.phase !== "compose") return true;
  return after.changes?.mode === "commit" && before.changes?.mode !== "commit";
}

export function useKeyDispatch(): void {
  const store = useStore();
  const { index, gate, raw, flow } = useKeys();
  const onKey = useCallback(
    (input: string, key: Key) => {
      // A focused native pane takes its keys first (all of them while typing into it).
      if (routeNativeKey(store, input, key)) {
        gate.consumed = true;
        return;
      }
      const verdict = keyIntent(store.state, index, keyName(input, key, raw.current), editKey(input, key));
      gate.consumed = verdict.taken;
      const before = store.state;
      if (verdict.intent) store.dispatch(verdict.intent);
      else if (verdict.taken) store.dispatch({ kind: "key-ignored" });
      // A field that reads its own keys mounts now; the rest of this read waits until it listens.
      if (opensKeyTaker(before, store.state)) flow.held = true;
    },
    [store, index, gate, raw, flow],
  );
  useInput(onKey);
  const onPaste = useCallback(
    (text: string) => {
      if (routeNativePaste(store, text)) {
        gate.consumed = true;
        return;
      }
      const verdict = pasteIntent(store.state, text);
      gate.consumed = verdict.taken;
      if (verdict.intent) store.dispatch(verdict.intent);
    },
    [store, gate],
  );
  // Always listening: while someone listens for pastes, Ink never hands one to useInput as keys.
  usePaste(onPaste);
}
