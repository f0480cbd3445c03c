/**
 * A native claude pane (claude's own interactive UI, 2.1.197) in a real terminal (tmux),
 * on hmux's scripted model: a prompt typed through hmux runs a turn; claude's own hooks
 * report running and then idle to the rail; a tool permission dialog raises "approval
 * needed" on the attention rail, and approving it in claude's dialog runs the tool. No
 * credentials; HOME and claude's config are temp dirs; everything is killed at the end.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../src/adapters/registry.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { resolveBinary } from "../../src/spawn/binaries.js";
import { HAVE_TMUX, HMUX_SHELL, paneLines, ROOT, rail, sleep, TmuxScreen } from "./native-helpers.js";

const HAVE_CLAUDE = resolveBinary(builtinRegistry.get("claude"), { env: process.env }).ok;

/** The rail's entry for the claude pane, the server's name for it marked native: "1:claude-1·native <icon>". */
function railIcon(screen: string): string | undefined {
  return /1:claude-1·native (\S)/.exec(rail(screen))?.[1];
}

describe.skipIf(!HAVE_TMUX || !HAVE_CLAUDE)("native claude pane in tmux on the scripted model", () => {
  const tmux = new TmuxScreen(`hmux-native-claude-${process.pid}`);
  let home: string;
  let work: string;
  let model: ModelServer;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "hmux-native-claude-"));
    work = join(home, "work");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(work);
    model = await startModelServer();
    const env = `env -u CI -u TMUX HOME=${home} XDG_STATE_HOME=${home}/state TERM=xterm-256color`;
    const cmd = `cd ${ROOT} && ${env} ${HMUX_SHELL} native claude --endpoint ${model.url} --cwd ${work} 2>${home}/stderr.log`;
    tmux.start(cmd, 120, 40);
    // SessionStart arrives through the hook once claude's UI is up: the rail shows idle.
    await tmux.waitFor(
      "claude's prompt and an idle rail",
      (s) => paneLines(s).some((l) => l.startsWith("❯")) && railIcon(s) === "○",
      90_000,
    );
  }, 120_000);

  afterAll(async () => {
    await tmux.quitHmux();
    tmux.kill();
    rmSync(home, { recursive: true, force: true });
    await Promise.race([model?.close(), sleep(3000)]);
  });

  it("typing a prompt runs a turn; the hooks report running, then idle", async () => {
    const prompt = "hello [[slow:2000]][[say:native pane says hi]]";
    tmux.text(prompt);
    // claude's UI drops keys for a moment after it first draws; wait until the text is in its input.
    await tmux.waitFor("the prompt in claude's input", (s) => paneLines(s).some((l) => l.includes(prompt)));
    tmux.keys("Enter");
    const running = await tmux.waitFor("running on the rail", (s) => railIcon(s) === "●");
    expect(running).toMatch(/● running/);
    const idle = await tmux.waitFor(
      "idle again after Stop",
      (s) => railIcon(s) === "○" && paneLines(s).some((l) => l.includes("native pane says hi")),
    );
    expect(idle).toMatch(/○ idle/);
    const asked = model
      .requests()
      .filter((r) => r.path.includes("/messages"))
      .map((r) => JSON.stringify(r.body));
    expect(asked.some((b) => b.includes("native pane says hi"))).toBe(true);
  });

  it("a tool permission dialog raises needs-you on the attention rail; approving it in claude runs the tool", async () => {
    tmux.text("now [[bash:touch made-by-native.txt]]");
    await tmux.waitFor("the prompt in claude's input", (s) =>
      paneLines(s).some((l) => l.includes("now [[bash:touch made-by-native.txt]]")),
    );
    tmux.keys("Enter");
    // The hook may report the request before claude has drawn its dialog: wait until both are on screen.
    const asking = await tmux.waitFor(
      "approval needed on the rail, and claude's dialog in the pane",
      (s) =>
        rail(s).includes("approval needed in pane 1") &&
        paneLines(s).some((l) => l.includes("Do you want to proceed?")),
    );
    expect(railIcon(asking)).toBe("!");
    expect(existsSync(join(work, "made-by-native.txt"))).toBe(false);
    await sleep(300);
    tmux.keys("Enter"); // claude's own dialog: "1. Yes" is selected
    await tmux.waitFor("the rail calm and idle", (s) => !rail(s).includes("approval needed") && railIcon(s) === "○");
    expect(existsSync(join(work, "made-by-native.txt"))).toBe(true);
    const results = model
      .requests()
      .map((r) => JSON.stringify(r.body))
      .filter((b) => b.includes("tool_result"));
    expect(results.length).toBeGreaterThan(0);
  });
});
