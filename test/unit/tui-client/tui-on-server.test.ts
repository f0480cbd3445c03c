/**
 * The TUI as a client of this machine's hmux server, on a real server of scripted sessions.
 * Opened on a server that already holds sessions (plain `hmux`), its first screen says so.
 * A TUI attached to this machine's hmux server does not stay open with stale panes when the
 * server is stopped under it (`hmux kill-server` in another shell): it leaves, says "the hmux
 * server was stopped" and why, and exits non-zero — as a TUI on another machine's server says
 * its connection was lost, also non-zero.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { endOfTui } from "../../../src/cli/commands/tui.js";
import { createAppContext } from "../../../src/main/context.js";
import { openTui, type TuiExit } from "../../../src/main/open-tui.js";
import { fakeTty } from "../../helpers/fake-terminal.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { until } from "../../helpers/until.js";
import { type Cleanups, serveScripted } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("plain hmux on a server holding sessions", () => {
  it("opens none as a pane and says on its first screen how many the server holds and how to open them", async () => {
    const root = mkdtempSync(join(tmpdir(), "hmux-held-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const { table, client } = await serveScripted(cleanups, { prefix: "hmux-held-srv-" });
    await table.create({ harness: "claude", cwd: root, options: {} }, "worker");
    const server = await client();
    const { terminal, streams } = fakeTty();
    const tui = openTui({
      app: createAppContext({ env: { HOME: root, XDG_CONFIG_HOME: join(root, "cfg") } }),
      cwd: root,
      server,
      held: await server.list(),
      extra: streams,
    });
    await until(() => terminal.text.includes("the hmux server holds 1 session (0 waiting for you)"));
    expect(terminal.text).toContain("Alt+o opens it");
    process.emit("SIGHUP");
    await tui;
  });
});

describe("a TUI whose local hmux server is stopped under it", () => {
  it("leaves, and its exit says the server was stopped, exit 1", async () => {
    const root = mkdtempSync(join(tmpdir(), "hmux-stopped-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, "work");
    mkdirSync(work);
    const { running, client } = await serveScripted(cleanups, { prefix: "hmux-stopped-srv-" });
    const server = await client();
    const { terminal, streams } = fakeTty();
    let exit: TuiExit | undefined;
    const tui = openTui({
      app: createAppContext({ env: { HOME: root, XDG_CONFIG_HOME: join(root, "cfg") } }),
      cwd: work,
      server,
      extra: streams,
    }).then((e) => {
      exit = e;
    });
    await until(() => terminal.text.includes("no panes open"));
    running.stop("kill-server from client 7");
    await until(() => exit !== undefined);
    await tui;
    expect(exit).toEqual({ lost: "the server stopped (kill-server from client 7)" });
    const output = memoryOutput();
    expect(endOfTui(exit!, undefined, output)).toBe(1);
    expect(output.stderr).toBe(
      "hmux: the hmux server was stopped (kill-server from client 7); its sessions ended with it — hmux starts a new one\n",
    );
  });

  it("on another machine's server a lost connection is said with the host, also exit 1; a quit is 0", () => {
    const output = memoryOutput();
    expect(endOfTui({ lost: "ssh exited" }, "box", output)).toBe(1);
    expect(output.stderr).toMatch(/^hmux: the connection to box was lost \(ssh exited\).*hmux attach --host box/);
    expect(endOfTui({}, "box", memoryOutput())).toBe(0);
  });
});
