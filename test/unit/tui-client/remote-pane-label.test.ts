/**
 * A TUI on another machine's server (`hmux attach --host box`) says whose sessions its panes are:
 * each label starts with the host; a local server's panes keep the session's own label.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { ServerPanes, serverSessionInfo } from "../../../src/tui-client/server-panes.js";

const row = (label?: string) =>
  ({ id: "s1", name: "pi-1", harness: "pi", cwd: "/w", ...(label ? { label } : {}) }) as SessionSummary;

describe("a remote server's panes are labelled with the host", () => {
  it("the label is host:harness, or host:label when the session has one", () => {
    expect(serverSessionInfo(row(), builtinRegistry, "me@box").label).toBe("me@box:pi");
    expect(serverSessionInfo(row("review"), builtinRegistry, "box").label).toBe("box:review");
  });

  it("a local server's pane keeps the session's own label, and none when it has none", () => {
    expect(serverSessionInfo(row(), builtinRegistry).label).toBeUndefined();
    expect(serverSessionInfo(row("review"), builtinRegistry).label).toBe("review");
  });

  it("ServerPanes built for a host gives its attached ports the host's label", () => {
    const link = {
      request: async () => ({}),
      onEvent: () => () => {},
      onClose: () => () => {},
      onTable: () => () => {},
    };
    const panes = new ServerPanes({
      now: Date.now,
      link: link as unknown as ServerClient,
      registry: builtinRegistry,
      cwd: "/w",
      host: "box",
    });
    expect(panes.portFor(row()).info.label).toBe("box:pi");
  });
});
