/**
 * Loads the TUI lazily, which keeps `hmux --help` free of React. React picks its build from
 * NODE_ENV as it loads. (Ink's reading of the CI variable is overridden by the render options, src/ui/render/renderer.ts.)
 */
import type { openTui } from "./open-tui.js";

export async function loadOpenTui(): Promise<typeof openTui> {
  // React's development build is several times slower per frame; nobody debugs hmux's UI
  // through it by accident. HMUX_REACT_DEV=1 keeps it when hmux runs from source (npm run hmux);
  // the compiled hmux bundles React's production build alone (scripts/build.mjs).
  if (process.env.NODE_ENV === undefined && process.env.HMUX_REACT_DEV !== "1") process.env.NODE_ENV = "production";
  return (await import("./open-tui.js")).openTui;
}
