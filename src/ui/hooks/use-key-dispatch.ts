/**
 * The single place hmux reads keys. Its handler is stable, so Ink registers it once at
 * mount, ahead of the input line's own handler; it marks each event it consumes so the
 * input line can ignore the same event.
 */

import { type Key, useInput } from "ink";
import { useCallback } from "react";
import { keyIntent } from "../keys/dispatch.js";
import { keyName } from "../keys/key-name.js";
import { routeNativeKey } from "../native/route-native-key.js";
import { useKeys } from "./use-keys.js";
import { useStore } from "./use-store.js";

export function useKeyDispatch(): void {
  const store = useStore();
  const { index, gate, raw } = useKeys();
  const handler = useCallback(
    (input: string, key: Key) => {
      // A focused native pane takes its keys first (all of them while typing into it).
      if (routeNativeKey(store, input, key)) {
        gate.consumed = true;
        return;
      }
      const verdict = keyIntent(store.state, index, keyName(input, key, raw.current));
      gate.consumed = verdict.taken;
      if (verdict.intent) store.dispatch(verdict.intent);
      else if (verdict.taken) store.dispatch({ kind: "key-ignored" });
    },
    [store, index, gate, raw],
  );
  useInput(handler);
}
