/**
 * A dialog's harness options reach the server as they were asked: the TUI's panes put them in the
 * create and plan requests' options under the harness, where the server's plan checks them.
 */
import { describe, expect, it } from "vitest";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import type { NewSessionRequest } from "../../../src/ui/session-launcher.js";

describe("a new session's harness options", () => {
  it("go in the plan's and the create's options, beside the pane's own", async () => {
    const asked: Array<Record<string, unknown>> = [];
    const row = { id: "s1", name: "codex-1", harness: "codex", cwd: "/home/u", lifecycle: "idle" };
    const link = {
      request: async (r: Record<string, unknown>) => {
        asked.push(r);
        if (r.op === "plan") return { plan: { ok: true, harness: "codex", cwd: "/home/u", settings: [], notes: [] } };
        return { session: row, notes: [] };
      },
      onEvent: () => () => undefined,
      onClose: () => () => undefined,
      onTable: () => () => undefined,
    };
    const panes = new ServerPanes({
      now: Date.now,
      link: link as never,
      cwd: "/home/u",
      defaults: { defaultModel: "m" },
    });
    const launcher = panes.launcher(undefined, ["codex"]);
    const request: NewSessionRequest = { harness: "codex", harnessOptions: { codex: { sandbox: "read-only" } } };
    await launcher.plan(request);
    await launcher.launch(request).catch(() => undefined);
    const options = asked.map((r) => [r.op, r.options]);
    expect(options).toEqual([
      ["plan", { model: "m", harnessOptions: { codex: { sandbox: "read-only" } } }],
      ["create", { model: "m", harnessOptions: { codex: { sandbox: "read-only" } } }],
    ]);
  });
});
