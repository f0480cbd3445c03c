/** Keeps the store's idea of the terminal size current, so the root is never taller than it. */

import { useStdout } from "ink";
import { useEffect } from "react";
import { useStore } from "./use-store.js";

export function useTerminalSize(): void {
  const store = useStore();
  const stdout = useStdout().stdout as NodeJS.WriteStream;
  useEffect(() => {
    const update = (): void => {
      if (stdout.columns && stdout.rows) store.dispatch({ kind: "resize", columns: stdout.columns, rows: stdout.rows });
    };
    update();
    stdout.on("resize", update);
    return () => {
      stdout.off("resize", update);
    };
  }, [stdout, store]);
}
