/** Leaves Ink once the state says quit; the caller closes the sessions. */

import { useApp } from "ink";
import { useEffect } from "react";
import { useFrame } from "./use-frame.js";

export function useQuit(): void {
  const { quitRequested } = useFrame();
  const { exit } = useApp();
  useEffect(() => {
    if (quitRequested) exit();
  }, [quitRequested, exit]);
}
