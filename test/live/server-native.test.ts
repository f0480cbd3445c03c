/**
 * A native shell owned by the real `hmux server` (the built dist/): typed into and reattached
 * through the socket like any client does, and gone with the server: a server killed with SIGKILL
 * leaves neither the shell nor what it started running.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { VERSION } from "../../src/cli/main.js";
import { systemClock } from "../../src/main/system-clock.js";
import { rowText } from "../../src/native/cells.js";
import type { NativeTerminal } from "../../src/native/native-terminal.js";
import { takeSnapshot } from "../../src/native/snapshot.js";
import { ServerClient } from "../../src/server/client.js";
import { serverPaths } from "../../src/server/paths.js";
import { attachServerNative, createServerNative } from "../../src/tui-client/server-native-port.js";
import { hmux, noneLeft, sandbox } from "./session-live.js";

async function waitForScreen(terminal: NativeTerminal, text: string, ms = 15_000): Promise<string[]> {
  const end = Date.now() + ms;
  let rows: string[] = [];
  while (Date.now() < end) {
    await terminal.replay(0);
    rows = takeSnapshot(terminal.xterm).rows.map((r) => rowText(r));
    if (rows.some((r) => r.includes(text))) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`never saw ${JSON.stringify(text)} on the screen:\n${rows.join("\n")}`);
}

describe("hmux server, a native shell", () => {
  it("a shell on the real server is typed into, reattached with its screen, and dies with a server killed -9", async () => {
    const box = sandbox();
    box.env.SHELL = "/bin/sh";
    box.env.PS1 = "box$ ";
    const work = join(box.dir, "work");
    mkdirSync(work, { recursive: true });
    let serverPid = 0;
    try {
      const started = await hmux(box, ["server"]);
      expect(started.code, started.stderr).toBe(0);
      const paths = serverPaths(box.env);
      const first = await ServerClient.connect(paths, VERSION, systemClock);
      serverPid = first.hello.pid;
      const { port } = await createServerNative(first, { kind: "shell", cwd: work, cols: 80, rows: 20, name: "sh" });
      await port.start();
      await waitForScreen(port.terminal, "box$");
      // A child in the shell's foreground, and one it put in the background.
      port.input("sleep 300 & echo started-$((40+2))\r");
      await waitForScreen(port.terminal, "started-42");
      await port.close();
      first.close();

      const ls = await hmux(box, ["ls"]);
      expect(ls.stdout).toMatch(/^sh\s+shell\s/m);

      const second = await ServerClient.connect(paths, VERSION, systemClock);
      const back = await attachServerNative(second, "sh");
      await back.start();
      await waitForScreen(back.terminal, "started-42");
      back.input("echo back-$((1+1))\r");
      await waitForScreen(back.terminal, "back-2");

      process.kill(serverPid, "SIGKILL");
      serverPid = 0;
      second.close();
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      if (serverPid) process.kill(serverPid, "SIGKILL");
      box.remove();
    }
  });
});
