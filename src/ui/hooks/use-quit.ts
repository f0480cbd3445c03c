/** Leaves Ink once the state says quit; the caller closes the sessions. */

import { useApp } from "ink";
import { useEffect } from "react";
import { useFrameValue } from "./use-frame.js";

export function useQuit(): void {
  const quitRequested = useFrameValue((state) => state.quitRequested);
  const { exit } = useApp();
  useEffect(() => {
    if (quitRequested) exit();
  }, [quitRequested, exit]);
}
