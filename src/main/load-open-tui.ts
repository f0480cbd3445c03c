/**
 * Loads the TUI lazily. Ink decides at import time whether it runs "in CI" (CI set) and
 * then draws only the final frame; on a real terminal the user wants the live screen, so
 * CI is dropped before Ink loads. React picks its build from NODE_ENV the same way. Lazy loading also keeps `hmux --help` free of React.
 */
import type { openTui } from "./open-tui.js";

export async function loadOpenTui(stdout: NodeJS.WriteStream = process.stdout): Promise<typeof openTui> {
  if (stdout.isTTY) delete process.env.CI;
  // React's development build is several times slower per frame; nobody debugs hmux's UI
  // through it by accident. HMUX_REACT_DEV=1 keeps it when hmux runs from source (npm run hmux);
  // the compiled hmux bundles React's production build alone (scripts/build.mjs).
  if (process.env.NODE_ENV === undefined && process.env.HMUX_REACT_DEV !== "1") process.env.NODE_ENV = "production";
  // Ink's text caches are bounded as its modules load (see src/ui/render/ink-cache-bounds.ts).
  (await import("../ui/render/ink-cache-bounds.js")).boundInkCaches();
  return (await import("./open-tui.js")).openTui;
}
