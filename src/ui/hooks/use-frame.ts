import { useSyncExternalStore } from "react";
import type { UiState } from "../store/ui-state.js";
import { useStore } from "./use-store.js";

/** The published state; re-renders the caller on each publish (the cadence, or a keypress). */
export function useFrame(): UiState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getFrame, store.getFrame);
}
