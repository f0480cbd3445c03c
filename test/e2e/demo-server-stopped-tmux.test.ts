/**
 * `hmux demo` is a TUI on the hmux server like `hmux attach`: when that server dies under it
 * (here SIGKILL, as a crash), the demo leaves saying why and exits 1, rather than vanishing
 * with exit 0 as if the person had quit. One real harness (claude) on the scripted model, in
 * tmux at 80×24; HOME, XDG and the tmux server are the test's own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, rail, TmuxScreen } from "./native-helpers.js";
import { type IsolatedSession, isolatedSession } from "./tmux-driver.js";

describe.skipIf(!HAVE_TMUX)("hmux demo whose server dies under it, in tmux", () => {
  const screen = new TmuxScreen(`hmux-demo-gone-${process.pid}`, "demo");
  let session: IsolatedSession;
  beforeAll(() => {
    session = isolatedSession("hmux-demo-gone-");
  });
  afterAll(() => session.close(() => screen.kill()));

  it("says the server was stopped and exits 1", async () => {
    const log = join(session.home, "demo.log");
    screen.start(`${session.command(`demo --port 0 --harness claude 2>${log}`)}; echo "exit $?" >>${log}`, 80, 24);
    await screen.waitFor("claude's approval", (s) => /1:claude-1 !/.test(rail(s)), 90_000);
    const pid = Number(readFileSync(join(session.runtimeDir, "hmux", "server", "pid"), "utf8").trim());
    process.kill(pid, "SIGKILL");
    await screen.waitFor("the shell after hmux", (s) => s.includes("HMUX-EXITED"), 30_000);
    const said = readFileSync(log, "utf8");
    expect(said).toContain("hmux: the hmux server was stopped");
    expect(said.trim().split("\n").at(-1)).toBe("exit 1");
  });
});
