/** Leaves Ink once the store says quit; the caller closes the sessions. */

import { useApp } from "ink";
import { useEffect } from "react";
import { useStore } from "./use-store.js";
import { useStoreVersion } from "./use-store-version.js";

export function useQuit(): void {
  const store = useStore();
  const _version = useStoreVersion();
  const { exit } = useApp();
  useEffect(() => {
    if (store.quitRequested) exit();
  }, [store, exit]);
}
