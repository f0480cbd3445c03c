/**
 * `hmux attach` after the fact: the pane a TUI attaching later draws reads as the one that
 * watched live. The server stamps each kept event with when it was emitted and says its clock in
 * the attach reply; the port maps those times onto this machine's clock, so a turn's footer
 * says how long it ran even when the server's clock is hours off (`--host`). An answered
 * question reads as the answer given. Against a real server on a temp socket, scripted sessions.
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

/** The server's clock runs three hours behind this machine's. */
const SKEW = -3 * 3_600_000;

async function serve() {
  const { launcher, sessions } = scriptedLauncher();
  const clock = new ManualScheduler();
  const server = new FakeClock(clock.time + SKEW);
  const table = new SessionTable({ launcher, killWaitMs: 200, clock: server });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-replay-times-" });
  const first = await served.client();
  const reply = await first.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
  /** Both clocks move on together, as time does. */
  const wait = (ms: number) => {
    clock.time += ms;
    server.time += ms;
  };
  return { served, first, sessions, clock, server, wait, row: reply.session as SessionSummary };
}

const INFO = {
  harness: "claude" as const,
  settings: [],
  support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
  detachable: true,
};

/** A TUI's store on this machine's clock, showing the session through a port of `client`. */
async function tui(client: ServerClient, row: SessionSummary, clock: ManualScheduler) {
  const store = new AppStore({ scheduler: clock });
  const port = new ServerSessionPort(client, row, INFO, { now: () => clock.time });
  const key = store.addSession(port);
  store.start();
  await port.start();
  cleanups.push(() => store.stop());
  return { store, view: () => store.state.sessions.get(key)! };
}

const durations = (entries: readonly TranscriptEntry[]) =>
  entries.flatMap((e) => (e.kind === "turn-end" ? [e.durationMs] : []));
const userTexts = (entries: readonly TranscriptEntry[]) =>
  entries.flatMap((e) => (e.kind === "message" && e.role === "user" ? [e.text] : []));
/** What a transcript shows, in order: each message as its role and text, every other entry as its kind. */
const shape = (entries: readonly TranscriptEntry[]) =>
  entries.map((e) => (e.kind === "message" ? `${e.role}: ${e.text}` : e.kind));

describe("a TUI attaching after the fact", () => {
  it("shows each turn as long as it ran, across a server clock hours off, and a turn still running from its start", async () => {
    const { served, first, sessions, clock, wait, row } = await serve();
    const session = sessions[0]!;
    const live = await tui(first, row, clock);
    live.store.dispatch({ kind: "submit-input", text: "tidy up" });
    // The live TUI folds each event as it arrives: the clocks move on only once it has.
    await until(() => live.view().turn !== null);
    wait(24_600);
    await session.feed({ t: "say", text: "tidied" }, { t: "end" });
    await until(() => durations(live.view().entries).length === 1);
    wait(5_000);
    live.store.dispatch({ kind: "submit-input", text: "and again" });
    await until(() => live.view().turn !== null);
    // The second turn has run 10 s when the other TUI attaches.
    wait(10_000);
    const later = await tui(await served.client(), row, clock);
    expect(durations(later.view().entries)).toEqual([24_600]);
    wait(4_600);
    await session.feed({ t: "end" });
    await until(() => durations(later.view().entries).length === 2);
    await until(() => durations(live.view().entries).length === 2);

    expect(durations(live.view().entries)).toEqual([24_600, 14_600]);
    expect(durations(later.view().entries)).toEqual(durations(live.view().entries));
  });

  // Claude (stream-json) does not echo what it is sent; pi does, in hmux's wording.
  it.each([
    ["does not echo what it was sent", false],
    ["echoes what it was sent", true],
  ])(
    "shows an answered question as the answer the person gave, as the TUI that answered it does (a harness that %s)",
    async (_, echoes) => {
      const { served, first, sessions, clock, row } = await serve();
      const session = sessions[0]!;
      const lastSend = () =>
        session
          .written()
          .filter((w) => w.w === "send")
          .at(-1)?.text as string | undefined;
      const echo = async () => {
        if (echoes) await session.feed({ t: "user", text: lastSend() });
      };
      const live = await tui(first, row, clock);
      live.store.dispatch({ kind: "submit-input", text: "tidy up" });
      await until(() => lastSend()?.endsWith("tidy up") === true);
      // The harness (echoing what it was sent, hmux's preamble first) asks, and ends its turn waiting for the answer.
      await echo();
      await session.feed({ t: "ask-q", q: "Should I keep hmux-demo.txt?" }, { t: "end" });
      await until(() => live.view().question !== null && live.view().lifecycle === "awaiting-input");
      live.store.dispatch({ kind: "submit-input", text: "keep it" });
      await until(() => lastSend()?.includes("keep it") === true);
      // What reached the harness is hmux's wording of the answer.
      expect(lastSend()).not.toBe("keep it");
      await echo();
      await session.feed({ t: "say", text: "kept" }, { t: "end" });
      await until(() => live.view().entries.some((e) => e.kind === "message" && e.text === "kept"));

      const later = await tui(await served.client(), row, clock);
      expect(userTexts(live.view().entries)).toEqual(["tidy up", "keep it"]);
      expect(shape(later.view().entries)).toEqual(shape(live.view().entries));
    },
  );

  it("sends the server's clock and each replayed event's time in the attach reply", async () => {
    const { served, sessions, server, wait, row } = await serve();
    wait(1_000);
    await sessions[0]!.feed({ t: "say", text: "one" });
    wait(2_000);
    await sessions[0]!.feed({ t: "say", text: "two" });
    wait(3_000);
    const reply = await (await served.client()).request({ op: "attach", session: row.id });
    const events = reply.events as { kind: string; text?: string }[];
    const times = reply.times as number[];
    expect(times).toHaveLength(events.length);
    const at = (text: string) => times[events.findIndex((e) => e.text === text)]!;
    expect((reply.now as number) - at("two")).toBe(3_000);
    expect(at("two") - at("one")).toBe(2_000);
    expect(reply.now).toBe(server.time);
  });
});
