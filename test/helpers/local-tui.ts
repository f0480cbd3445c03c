/**
 * A TUI's pane launcher in local mode, as `hmux native` builds it: the hmux server's code in this
 * process (src/cli/local-server.ts) and the TUI's panes on it (src/main/open-tui.ts tuiPanes).
 */
import { Readable } from "node:stream";
import type { CliContext } from "../../src/cli/context.js";
import { startLocalServer } from "../../src/cli/local-server.js";
import type { AppContext } from "../../src/main/context.js";
import { tuiPanes } from "../../src/main/open-tui.js";
import type { ServerPaneDefaults } from "../../src/tui-client/server-panes.js";
import { memoryOutput } from "./hmux-in-process.js";

export async function localTui(app: AppContext, cwd: string, defaults: ServerPaneDefaults = {}) {
  const context: CliContext = { ...app, output: memoryOutput(), input: Readable.from([]) };
  const local = await startLocalServer(context);
  const { panes, launcher } = tuiPanes(app, { cwd, server: local.client, inProcess: true, launcher: defaults });
  return {
    panes,
    launcher,
    client: local.client,
    async close(): Promise<void> {
      local.client.close();
      await local.stop();
    },
  };
}
