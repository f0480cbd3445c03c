/**
 * What a real harness sees of the user's environment, and what it leaves behind, on the
 * scripted model:
 * - `hmux session claude --endpoint`: claude runs `env` in its shell and the output comes back
 *   in the next model request. The user's own variables are there; the caller's Anthropic
 *   credentials and hmux's own tokens are not, and claude sends no bearer token to the endpoint.
 * - a TUI pane (local mode: the server's code in this process, isolated as the demo runs it) on
 *   codex, whose isolated home is megabytes: after a turn, a halt and the TUI's end nothing is
 *   left under its TMPDIR.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../src/core/control/types.js";
import { createAppContext } from "../../src/main/context.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { localTui } from "../helpers/local-tui.js";
import { LiveSession, noneLeft, sandbox } from "./session-live.js";

const SECRETS = {
  ANTHROPIC_API_KEY: "sk-ant-caller-secret-1",
  ANTHROPIC_AUTH_TOKEN: "ant-bearer-caller-secret-2",
  HMUX_HOOK_TOKEN: "outer-pane-hook-secret-3",
  HMUX_MODEL_TOKEN: "request-log-secret-4",
};
const VISIBLE = "user-variable-visible-5";

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer();
});
afterAll(async () => {
  await server.close();
});

describe("the harness's environment under hmux", () => {
  it("claude under hmux session --endpoint sees the user's variables but no vendor credential and no hmux token", async () => {
    const box = sandbox();
    Object.assign(box.env, SECRETS, { HMUX_TEST_VISIBLE: "hmux-internal", USER_MARK: VISIBLE });
    const before = server.requests().length;
    try {
      const s = new LiveSession(box, "claude", ["--isolate", "--endpoint", server.url, "--approvals", "allow"]);
      s.send("in-1", "[[bash:env]]");
      await s.next((e) => e.kind === "done");
      s.endInput();
      expect(await s.exit).toBe(0);
      const seen = server.requests().slice(before);
      const text = JSON.stringify(seen.map((r) => r.body));
      expect(text).toContain(VISIBLE); // the env output did come back to the model
      for (const [name, value] of Object.entries(SECRETS))
        expect(text.includes(value), `${name} reached the model`).toBe(false);
      expect(text.includes("HMUX_TEST_VISIBLE"), "an HMUX_ variable reached the model").toBe(false);
      // With ANTHROPIC_AUTH_TOKEN passed on, claude would have sent `Authorization: Bearer` to the endpoint.
      expect(seen.filter((r) => r.headers.authorization !== undefined)).toEqual([]);
      expect(await noneLeft(box)).toEqual([]);
    } finally {
      box.remove();
    }
  });

  it("a TUI pane on codex leaves nothing under TMPDIR once closed", async () => {
    const root = mkdtempSync(join(tmpdir(), "hmux-live-pane-tmp-"));
    const tmp = join(root, "tmp");
    mkdirSync(tmp);
    const outer = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const env = { ...process.env, HOME: join(root, "home"), XDG_CONFIG_HOME: join(root, "config") };
      const tui = await localTui(createAppContext({ env }), root, { isolate: true, defaultEndpoint: server.url });
      const port = await tui.launcher.launch({ harness: "codex" });
      const events: SessionEvent[] = [];
      const done = new Promise<void>((resolve) =>
        port.subscribe((e) => {
          events.push(e);
          if (e.kind === "done") resolve();
        }),
      );
      await port.start?.();
      await port.send("[[say:hello from the pane]]", "turn");
      await done;
      await port.halt();
      await port.close();
      await tui.close();
      expect(readdirSync(tmp)).toEqual([]);
    } finally {
      if (outer === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = outer;
      rmSync(root, { recursive: true, force: true });
    }
  });
});
