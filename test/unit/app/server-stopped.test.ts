/**
 * A TUI attached to this machine's hmux server does not stay open with stale panes when the
 * server is stopped under it (`hmux kill-server` in another shell): it leaves, says "the hmux
 * server was stopped" and why, and exits non-zero — as a TUI on another machine's server says
 * its connection was lost, also non-zero.
 */
import { EventEmitter } from "node:events";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createAppContext } from "../../../src/app/context.js";
import { openTui, type TuiExit } from "../../../src/app/open-tui.js";
import { endOfTui } from "../../../src/cli/commands/tui.js";
import { memoryOutput } from "../../helpers/hmux-in-process.js";
import { until } from "../../helpers/until.js";
import { type Cleanups, serveScripted } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A terminal for Ink: a fixed size, the frames written kept. */
class FakeTerminal extends EventEmitter {
  readonly columns = 80;
  readonly rows = 24;
  readonly isTTY = false;
  text = "";
  write = (chunk: string) => {
    this.text += chunk;
    return true;
  };
}

/** Keys for Ink: none are typed. */
class FakeKeys extends EventEmitter {
  readonly isTTY = true;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read = () => null;
}

describe("a TUI whose local hmux server is stopped under it", () => {
  it("leaves, and its exit says the server was stopped, exit 1", async () => {
    const root = mkdtempSync(join(tmpdir(), "hmux-stopped-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const work = join(root, "work");
    mkdirSync(work);
    const { running, client } = await serveScripted(cleanups, { prefix: "hmux-stopped-srv-" });
    const server = await client();
    const terminal = new FakeTerminal();
    let exit: TuiExit | undefined;
    const tui = openTui({
      app: createAppContext({ env: { HOME: root, XDG_CONFIG_HOME: join(root, "cfg") } }),
      cwd: work,
      server,
      extra: {
        stdout: terminal as unknown as NodeJS.WriteStream,
        stdin: new FakeKeys() as unknown as NodeJS.ReadStream,
      },
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
