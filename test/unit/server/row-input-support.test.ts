/**
 * A session's row says what its channel takes from a person, as the server's registry knows its
 * harness: a TUI (a remote one holds none of the server's config) offers steering and the other
 * keys for a harness only the server's user config registers, from the row alone.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { supportOf } from "../../../src/ui/handle-session-port.js";
import { MIMIC_PLUGIN, mimic } from "../../support/fake-harness/adapter.js";
import { box, serverAtRoot } from "./config-registry-fixture.js";
import type { Cleanups } from "./serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("a server session's input support comes from the server's registry", () => {
  it("a harness only the server's config registers has its channel's support on its row and in a client's pane", async () => {
    const b = box(cleanups);
    b.userConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN } } });
    const server = await serverAtRoot(b.env, cleanups);
    const { session } = await server.create("mimic", b.elsewhere);
    if (mimic.session?.kind !== "process") throw new Error("mimic has a process session");
    const expected = supportOf(mimic.session.capabilities);
    // Not vacuous: mimic's channel takes at least one of the keys a pane offers.
    expect(Object.values(expected)).toContain(true);
    expect(session.support).toEqual(expected);
    const listed = (await server.client.request({ op: "list" })).sessions.find((s) => s.id === session.id);
    expect(listed?.support).toEqual(expected);
    // The client knows no harness: the pane's keys are the row's.
    const panes = new ServerPanes({ link: server.client, cwd: b.elsewhere, now: Date.now, host: "box" });
    expect(panes.portFor(session).info.support).toEqual(expected);
  }, 30_000);

  it("a row that says no support gets no input keys in a pane", () => {
    const panes = new ServerPanes({
      link: { request: () => Promise.reject(new Error("unused")), onTable: () => () => undefined } as never,
      cwd: "/",
      now: Date.now,
    });
    const row = {
      id: "s-1",
      name: "mimic-1",
      harness: "mimic",
      lifecycle: "idle",
      cwd: "/",
      createdAt: new Date(0).toISOString(),
      pending: 0,
      harnessSessionId: null,
    };
    expect(Object.values(panes.portFor(row).info.support)).not.toContain(true);
  });
});
