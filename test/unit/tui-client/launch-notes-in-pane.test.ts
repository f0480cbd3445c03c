/**
 * What the server's create answers besides the session (its setup commands' output, the launch
 * pipeline's notes) reaches the TUI's pane: shown as notes before the first prompt, not dropped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { SessionTable } from "../../../src/server/session-table.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { serverSession } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const SETUP_NOTES = ["setup: npm ci (exit 0): added 12 packages", "worktree fix-login made from main"];

describe("a pane opened from the TUI shows its launch's notes", () => {
  it("the create reply's notes are the pane's first entries, as notes, before the prompt it sends", async () => {
    const table = new SessionTable({
      clock: new FakeClock(),
      killWaitMs: 200,
      launcher: (spec) => ({ handle: serverSession({ sessionId: "s1" }).handle, cwd: spec.cwd, notes: SETUP_NOTES }),
    });
    cleanups.push(() => table.killAll());
    const served = await serveFresh(table, cleanups, { prefix: "hmux-launch-notes-" });
    const clock = new FakeClock();
    const panes = new ServerPanes({
      link: await served.client(),
      cwd: served.dir,
      now: () => clock.now(),
    });
    const port = await panes.create({ harness: "claude", prompt: "fix the login" });
    const view = createSessionView("k", port.info);
    expect(view.entries.map((e) => (e.kind === "notice" ? `note ${e.text}` : `${e.kind}`))).toEqual([
      `note ${SETUP_NOTES[0]}`,
      `note ${SETUP_NOTES[1]}`,
      "message",
    ]);
    expect(view.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(view.nextSeq).toBe(3);
  });
});
