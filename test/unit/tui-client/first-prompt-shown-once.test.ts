/**
 * The first prompt a server session is created with is now journaled as the person's message
 * (so a restored session replays it); a TUI pane already shows it from the row's `prompt`, so the
 * replayed message folds into that entry: the prompt reads once, live and on a later attach.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { ServerSessionPort } from "../../../src/tui-client/server-session-port.js";
import { AppStore } from "../../../src/ui/store/app-store.js";
import type { TranscriptEntry } from "../../../src/ui/store/session-view.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";
import { scriptedLauncher } from "../server/fixture.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";
import { ManualScheduler } from "../ui/fake-port.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PROMPT = "[[say:hi]] my first prompt";

/** A TUI's store showing `row` through a port of `client`, told the first prompt as an attaching pane is. */
async function tui(client: ServerClient, row: SessionSummary) {
  const clock = new ManualScheduler();
  const store = new AppStore({ scheduler: clock });
  const info = {
    harness: "claude" as const,
    settings: [],
    support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
    detachable: true,
    ...(row.prompt ? { initialPrompt: row.prompt } : {}),
  };
  const port = new ServerSessionPort(client, row, info, { now: () => clock.time });
  const key = store.addSession(port);
  store.start();
  await port.start();
  cleanups.push(() => store.stop());
  return () => store.state.sessions.get(key)!;
}

const userTexts = (entries: readonly TranscriptEntry[]) =>
  entries.flatMap((e) => (e.kind === "message" && e.role === "user" ? [e.text] : []));

describe("a server session's first prompt in a TUI pane", () => {
  it("reads once, in the pane that watched it run and in one attaching after", async () => {
    const { launcher, sessions } = scriptedLauncher();
    const table = new SessionTable({ clock: new FakeClock(), launcher, killWaitMs: 200 });
    const served = await serveFresh(table, cleanups, { prefix: "hmux-first-prompt-" });
    const first = await served.client();
    const reply = await first.request({
      op: "create",
      harness: "claude",
      cwd: "/w",
      name: "q",
      options: { prompt: PROMPT },
    });
    const row = reply.session as SessionSummary;
    expect(row.prompt).toBe(PROMPT);
    const live = await tui(first, row);
    await sessions[0]!.feed({ t: "say", text: "hi" }, { t: "end" });
    await until(() => live().entries.some((e) => e.kind === "turn-end"));
    const later = await tui(await served.client(), row);
    await until(() => later().entries.some((e) => e.kind === "turn-end"));
    expect(userTexts(live().entries)).toEqual([PROMPT]);
    expect(userTexts(later().entries)).toEqual([PROMPT]);
  });
});
