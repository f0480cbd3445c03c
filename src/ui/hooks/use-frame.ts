import { useSyncExternalStore } from "react";
import type { UiState } from "../store/ui-state.js";
import { useStore } from "./use-store.js";

/** The published state; re-renders the caller on each publish (the cadence, or a keypress). */
export function useFrame(): UiState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getFrame, store.getFrame);
}

/**
 * One value of the published state; re-renders the caller only when that value changes, so a
 * component that needs a flag does not redraw on every spinner frame. `select` must return a
 * primitive or an object the state keeps (a new object each call would re-render every publish).
 */
export function useFrameValue<T>(select: (state: UiState) => T): T {
  const store = useStore();
  const read = (): T => select(store.getFrame());
  return useSyncExternalStore(store.subscribe, read, read);
}
