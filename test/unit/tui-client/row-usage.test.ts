/** A pane shows the usage its server row says: the server priced it, the TUI only passes it on. */
import { describe, expect, it } from "vitest";
import { NO_USAGE } from "../../../src/core/usage/totals.js";
import type { SessionSummary, TableChange } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import type { AppStore } from "../../../src/ui/store/app-store.js";
import type { Msg } from "../../../src/ui/store/messages.js";

const row = (extra: Partial<SessionSummary> = {}) =>
  ({
    id: "s1",
    name: "s1",
    harness: "pi",
    lifecycle: "idle",
    cwd: "/w",
    createdAt: new Date(0).toISOString(),
    pending: 0,
    harnessSessionId: null,
    ...extra,
  }) as SessionSummary;

describe("a server row's usage", () => {
  it("reaches the pane showing that session, and no other", () => {
    let table: ((change: TableChange, row: SessionSummary) => void) | undefined;
    const link = {
      request: async () => ({}),
      onEvent: () => () => {},
      onClose: () => () => {},
      onTable: (fn: typeof table) => {
        table = fn;
        return () => {};
      },
    };
    const panes = new ServerPanes({
      now: Date.now,
      link: link as unknown as ServerClient,
      cwd: "/w",
    });
    const sent: Msg[] = [];
    const store = {
      ports: new Map([
        ["pane-a", panes.portFor(row())],
        ["pane-b", panes.portFor(row({ id: "s2" }))],
      ]),
      dispatch: (msg: Msg) => sent.push(msg),
      addSession: () => {},
    };
    panes.follow(store as unknown as AppStore);
    const usage = { ...NO_USAGE, records: 1, inputTokens: 10, costUsd: 0.5 };
    table!("updated", row({ usage }));
    table!("updated", row({ id: "s2" }));
    expect(sent).toEqual([{ kind: "session-usage", key: "pane-a", usage }]);
  });
});
