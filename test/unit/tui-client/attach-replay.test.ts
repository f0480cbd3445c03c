/**
 * A batched attach (what `hmux attach` asks for): the server puts the session's kept events in
 * the reply and sends only later events after it; the TUI's port, started before the TUI
 * subscribes, holds that replay and hands it to the first subscriber as one batch, ahead of the
 * live events, each event once. Against a real server on a temp socket with scripted sessions.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { type ServerLink, ServerSessionPort } from "../../../src/tui-client/server-session-port.js";
import { until } from "../../helpers/until.js";
import { replyAs } from "../../helpers/wire-reply.js";
import { type Cleanups, serveScripted } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve() {
  const served = await serveScripted(cleanups, { prefix: "hmux-replay-" });
  const { sessions } = served;
  const client = await served.client();
  const reply = await client.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "w" });
  return { client, sessions, row: reply.session as SessionSummary };
}

const texts = (events: readonly unknown[]) =>
  events.flatMap((e) => ((e as SessionEvent).kind === "message" ? [(e as { text: string }).text] : []));

const INFO = {
  harness: "claude" as const,
  settings: [],
  support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
  detachable: true,
};

describe("an attach", () => {
  it("carries the kept events in its reply and sends only later ones after it, each once", async () => {
    const { client, sessions, row } = await serve();
    await sessions[0]!.feed({ t: "say", text: "one" }, { t: "say", text: "two" });
    const after: unknown[] = [];
    client.onEvent((session, event) => {
      if (session === row.id) after.push(event);
    });
    const reply = await client.request({ op: "attach", session: row.id });
    expect(texts(reply.events)).toEqual(["one", "two"]);
    expect(reply.events.length).toBe(sessions[0]!.events.length);
    await sessions[0]!.feed({ t: "say", text: "three" });
    await until(() => texts(after).includes("three"));
    expect(texts(after)).toEqual(["three"]);
  });

  it("a port started before anyone subscribes hands its replay to the first subscriber as one batch, then live events", async () => {
    const { client, sessions, row } = await serve();
    await sessions[0]!.feed({ t: "say", text: "earlier" }, { t: "say", text: "also earlier" });
    const port = new ServerSessionPort(client, row, INFO, { now: Date.now });
    await port.start();
    await sessions[0]!.feed({ t: "say", text: "while loading" });
    await client.list(); // the server has sent that event by the time it answers
    const batches: (readonly SessionEvent[])[] = [];
    port.subscribeBatched((events) => batches.push(events));
    expect(batches).toHaveLength(1);
    expect(texts(batches[0]!)).toEqual(["earlier", "also earlier", "while loading"]);
    await sessions[0]!.feed({ t: "say", text: "live" });
    await until(() => batches.length === 2);
    expect(texts(batches[1]!)).toEqual(["live"]);
    expect(batches.flat().map((e) => e.kind)).toEqual(sessions[0]!.events.map((e) => e.kind));
  });

  it("a second start waits for the same attach instead of attaching again", async () => {
    const { client, row } = await serve();
    let attaches = 0;
    const link: ServerLink = {
      request: (body) => {
        if (body.op === "attach") attaches += 1;
        return client.request(body);
      },
      onEvent: (l) => client.onEvent(l),
      onClose: (l) => client.onClose(l),
    };
    const port = new ServerSessionPort(link, row, INFO, { now: Date.now });
    await Promise.all([port.start(), port.start()]);
    await port.start();
    expect(attaches).toBe(1);
  });

  it("an event of the replay that is not a SessionEvent becomes a warning in its place; the others arrive", async () => {
    const link: ServerLink = {
      request: async (body) =>
        replyAs(body.op, {
          session: {
            id: "x",
            name: "x",
            harness: "claude",
            lifecycle: "idle",
            cwd: "/",
            createdAt: "",
            pending: 0,
            harnessSessionId: null,
          },
          replayed: 4,
          truncated: false,
          events: [
            { kind: "message", role: "assistant", text: "before" },
            { kind: "state", from: "nowhere", to: 3 },
            { text: "no kind" },
            { kind: "message", role: "assistant", text: "after" },
          ],
          times: [0, 0, 0, 0],
          now: 0,
          control: null,
        }),
      onEvent: () => () => undefined,
      onClose: () => () => undefined,
    };
    const port = new ServerSessionPort(link, { id: "x" } as SessionSummary, INFO, { now: Date.now });
    await port.start();
    const events: SessionEvent[] = [];
    port.subscribe((e) => events.push(e));
    expect(events.map((e) => e.kind)).toEqual(["message", "warning", "warning", "message"]);
    expect(texts(events)).toEqual(["before", "after"]);
  });
});
