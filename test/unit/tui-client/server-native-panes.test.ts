/**
 * A native pane or shell opened from a TUI goes to its server: the dialog's launcher hands the
 * request to the server (no local pty, no local hook server), and
 * the server's own `created` line for it does not open a second pane.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { nativeKinds } from "../../../src/native/native-plan.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerNativeRequest } from "../../../src/tui-client/server-native-port.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import type { SessionPort } from "../../../src/ui/session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import { ManualScheduler } from "../ui/fake-port.js";

type TableListener = (change: string, row: unknown) => void;

function row(id: string): SessionSummary {
  return {
    id,
    name: id,
    harness: "shell",
    lifecycle: "running",
    cwd: "/home/u/w",
    createdAt: new Date(0).toISOString(),
    pending: 0,
    harnessSessionId: null,
    native: { kind: "shell", pid: 1, cols: 80, rows: 20 },
  } as unknown as SessionSummary;
}

describe("native panes from a server-backed TUI", () => {
  it("open on the server, once: the server's created line for this client's own pane is not attached again", async () => {
    const tables = new Set<TableListener>();
    const unused = () => {
      throw new Error("not used");
    };
    const link = {
      request: unused,
      onEvent: unused,
      onClose: unused,
      onTable: (l: TableListener) => {
        tables.add(l);
        return () => tables.delete(l);
      },
    };
    const asked: ServerNativeRequest[] = [];
    let attachedAgain = 0;
    const fakePort = { sessionId: "n1", close: async () => undefined } as unknown as SessionPort & {
      sessionId: string;
    };
    const panes = new ServerPanes({
      now: Date.now,
      link: link as never,
      cwd: "/home/u",
      nativeKinds: nativeKinds(builtinRegistry),
      nativeSize: () => ({ cols: 80, rows: 20 }),
      native: async () => {
        attachedAgain += 1;
        return fakePort;
      },
      createNative: async (request) => {
        asked.push(request);
        for (const l of tables) l("created", row("n1"));
        return fakePort;
      },
    });
    const store = new AppStore({ scheduler: new ManualScheduler() });
    panes.follow(store);
    const port = await panes.launcher().launch({ harness: "shell", cwd: "w" });
    expect(port).toBe(fakePort);
    expect(asked).toEqual([{ kind: "shell", cwd: "/home/u/w", cols: 80, rows: 20 }]);
    expect(attachedAgain).toBe(0);
  });
});
