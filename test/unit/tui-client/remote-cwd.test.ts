/**
 * A TUI on another machine's server opens panes in that server's home folder when no path is
 * given (this machine's cwd means nothing there): the server names it in its hello, relative
 * paths start there, and the new-session dialog shows it as the default.
 */
import { afterEach, describe, expect, it } from "vitest";
import { defaultCwd } from "../../../src/cli/commands/tui.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { defaultText } from "../../../src/ui/components/overlays/NewSessionDialog.js";
import { type Cleanups, serveScripted } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serverWithHome(home: string) {
  const { client } = await serveScripted(cleanups, { prefix: "hmux-home-", home });
  return client();
}

describe("the default cwd of a TUI on a remote server", () => {
  it("is the home its server names, not this machine's cwd; on this machine it stays the cwd", async () => {
    const client = await serverWithHome("/srv/home/me");
    expect(client.hello.home).toBe("/srv/home/me");
    expect(defaultCwd(client.hello, "me@box")).toBe("/srv/home/me");
    expect(defaultCwd(client.hello, undefined)).toBe(process.cwd());
  });

  it("a pane asked for with no cwd opens there, a relative one under it, and the dialog shows it", async () => {
    const client = await serverWithHome("/srv/home/me");
    const panes = new ServerPanes({
      now: Date.now,
      link: client,
      cwd: defaultCwd(client.hello, "me@box"),
      host: "me@box",
    });
    const launcher = panes.launcher("claude");
    expect(defaultText("cwd", launcher)).toBe("(default: /srv/home/me)");
    expect(defaultText("model", launcher)).toBe("(default)");
    await launcher.launch({ harness: "claude" });
    await launcher.launch({ harness: "claude", cwd: "src/app" });
    expect((await client.list()).map((row) => row.cwd)).toEqual(["/srv/home/me", "/srv/home/me/src/app"]);
  });
});
