/**
 * A client that stops reading cannot make the server hold its stream: over the real socket, a
 * client pauses its connection while its session emits megabytes; what waits for it on the server
 * stays near the lagging bound, and once it reads again it has been sent the events a fresh attach
 * replays — every one of them when the server still kept them, or a warning, what still waits for
 * the person, and the kept ring when it did not.
 */
import { readFileSync } from "node:fs";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { EVENTS_NOT_SENT_WARNING } from "../../../src/core/control/events-not-sent.js";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { ServerClient } from "../../../src/server/client.js";
import type { ServerPaths } from "../../../src/server/paths.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { connectServerSocket, duplexTransport } from "../../../src/server/transport.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { until } from "../../helpers/until.js";
import { sessionEventOf } from "../../helpers/wire-event.js";
import { scriptedLauncher } from "./fixture.js";
import { type Cleanups, serveFresh, TEST_VERSION } from "./serve-fixture.js";

const clientClock = new FakeClock();
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const LAGGING = 64 * 1024;
const TEXT = "x".repeat(2_000);

async function serve(maxKeptEvents?: number) {
  const { launcher, sessions } = scriptedLauncher();
  const table = new SessionTable({
    clock: new FakeClock(),
    launcher,
    killWaitMs: 200,
    ...(maxKeptEvents ? { maxKeptEvents } : {}),
  });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-slow-", laggingBytes: LAGGING });
  if (served.running.kind !== "serving") throw new Error("not serving");
  return { ...served, running: served.running, sessions };
}

/** A logged-in client whose socket the test can stop reading from, with every event and row it got. */
async function slowClient(paths: ServerPaths) {
  const socket: Socket = await connectServerSocket(paths, clientClock);
  const token = readFileSync(paths.token, "utf8").trim();
  const client = await ServerClient.open(duplexTransport(socket, paths.socket, clientClock), {
    token,
    version: TEST_VERSION,
    clock: clientClock,
  });
  cleanups.push(() => client.close());
  const events: SessionEvent[] = [];
  const rows = new Map<string, SessionSummary>();
  client.onEvent((_id, e) => events.push(sessionEventOf(e)));
  client.onTable((_change, row) => rows.set(row.id, row));
  return { socket, client, events, rows };
}

const texts = (events: readonly SessionEvent[]) => events.map((e) => (e.kind === "message" ? e.text : e.kind));

describe("a client that stops reading", () => {
  it("holds the server to a bounded backlog, and once it reads again it was sent every event a fresh attach replays", async () => {
    const s = await serve();
    const fast = await s.client();
    const { session } = await fast.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "busy" });
    const id = (session as SessionSummary).id;
    const slow = await slowClient(s.paths);
    const attached = await slow.client.request({ op: "attach", session: id });
    const seen = [...attached.events.map(sessionEventOf)];
    slow.socket.pause();
    let most = 0;
    const feed = s.sessions[0]!.feed;
    await feed({ t: "ask", id: "call-1", tool: "Bash", input: { command: "ls" } });
    // 3 MB of events: 48 times the lagging bound.
    for (let i = 0; i < 1_500; i++) {
      await feed({ t: "say", text: `${i}:${TEXT}` });
      most = Math.max(most, ...s.running.queuedBytes());
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThan(2 * LAGGING);
    slow.socket.resume();
    const fresh = await (await s.client()).request({ op: "attach", session: id });
    const whole = fresh.events.map(sessionEventOf);
    await until(() => seen.length + slow.events.length >= whole.length);
    expect(texts([...seen, ...slow.events])).toEqual(texts(whole));
    expect([...seen, ...slow.events]).toEqual(whole);
    expect(slow.events.some((e) => e.kind === "approval-request" && e.call.callId === "call-1")).toBe(true);
    // Its rows are state: the newest of each reached it, as a fresh list has it.
    const row = JSON.stringify((await fast.list())[0]);
    await until(() => JSON.stringify(slow.rows.get(id)) === row);
  });

  it("told how many it missed once the server no longer kept them, it then gets what a fresh attach replays: the pending call, then the ring", async () => {
    const s = await serve(50);
    const fast = await s.client();
    const { session } = await fast.request({ op: "create", harness: "claude", cwd: "/w", options: {}, name: "busy" });
    const id = (session as SessionSummary).id;
    const slow = await slowClient(s.paths);
    await slow.client.request({ op: "attach", session: id, replay: 0 });
    slow.socket.pause();
    const feed = s.sessions[0]!.feed;
    await feed({ t: "ask", id: "call-1", tool: "Bash", input: { command: "ls" } });
    for (let i = 0; i < 500; i++) await feed({ t: "say", text: `${i}:${TEXT}` });
    slow.socket.resume();
    const fresh = await (await s.client()).request({ op: "attach", session: id });
    const whole = fresh.events.map(sessionEventOf);
    await until(() => texts(slow.events).at(-1) === texts(whole).at(-1));
    const warning = slow.events.findIndex((e) => e.kind === "warning" && e.code === EVENTS_NOT_SENT_WARNING);
    expect(warning).toBeGreaterThanOrEqual(0);
    expect(slow.events.slice(warning + 1)).toEqual(whole);
    expect(whole[0]).toMatchObject({ kind: "approval-request", call: { callId: "call-1" } });
  });
});
