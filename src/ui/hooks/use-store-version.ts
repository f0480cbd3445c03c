import { useSyncExternalStore } from "react";
import { useStore } from "./use-store.js";

/** Re-renders the caller on each store commit (the fixed cadence, or a keypress). */
export function useStoreVersion(): number {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getVersion, store.getVersion);
}
