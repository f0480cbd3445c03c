/**
 * Loads the TUI lazily. Ink decides at import time whether it runs "in CI" (CI set) and
 * then draws only the final frame; on a real terminal the user wants the live screen, so
 * CI is dropped before Ink loads. Lazy loading also keeps `hmux --help` free of React.
 */
import type { openTui } from "./open-tui.js";

export async function loadOpenTui(stdout: NodeJS.WriteStream = process.stdout): Promise<typeof openTui> {
  if (stdout.isTTY) delete process.env.CI;
  return (await import("./open-tui.js")).openTui;
}
