/**
 * Every client shows the server's name for a session (the session table names it, once): a TUI's
 * pane, its header and rail say the name `hmux ls` lists and `hmux attach <name>` takes; a TUI on
 * another machine's server (`hmux attach --host box`) starts it with the host.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { ServerPanes, serverSessionInfo } from "../../../src/tui-client/server-panes.js";
import { headerParts } from "../../../src/ui/components/PaneHeader.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { serverSession } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const row = (name = "pi-1") => ({ id: "s1", name, harness: "pi", cwd: "/w" }) as SessionSummary;

describe("a pane is named as the server named its session", () => {
  it("the label is the server's name, with the host first for a remote server", () => {
    expect(serverSessionInfo(row(), "me@box").label).toBe("me@box:pi-1");
    expect(serverSessionInfo(row("review")).label).toBe("review");
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
      cwd: "/w",
      host: "box",
    });
    expect(panes.portFor(row()).info.label).toBe("box:pi-1");
  });

  it("sessions created as chatty and unnamed are chatty and claude-1 in the pane, its header and the server's list", async () => {
    let n = 0;
    const table = new SessionTable({
      clock: new FakeClock(),
      killWaitMs: 200,
      launcher: (spec) => ({ handle: serverSession({ sessionId: `s${++n}` }).handle, cwd: spec.cwd, notes: [] }),
    });
    cleanups.push(() => table.killAll());
    const served = await serveFresh(table, cleanups, { prefix: "hmux-pane-name-" });
    const client = await served.client();
    await client.request({ op: "create", harness: "claude", name: "chatty", cwd: served.dir, options: {} });
    const panes = new ServerPanes({ link: client, cwd: served.dir, now: Date.now });
    const created = await panes.create({ harness: "claude" });
    const listed = (await client.request({ op: "list" })).sessions.map((s: SessionSummary) => s.name);
    expect(listed).toEqual(["chatty", "claude-1"]);
    const attached = panes.portFor((await client.request({ op: "list" })).sessions[0]!);
    const views = [createSessionView("a", attached.info), createSessionView("b", created.info)];
    expect(views.map((v) => v.info.label)).toEqual(listed);
    // The header says the name, and the harness too when the name does not.
    expect(headerParts(views[0]!, 0, null, 80).who).toMatch(/^chatty · claude\b/);
    expect(headerParts(views[1]!, 1, null, 80).who).toMatch(/^claude-1(?! · claude)/);
  });
});
