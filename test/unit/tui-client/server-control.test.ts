/**
 * A server pane's inspector shows the same control state as a local pane's: the server sends it
 * on attach and again when it changed (a call waiting, a decision counted), once per burst of
 * events and never for an unchanged state, and the port hands it to the inspector checked.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CLAUDE_SESSION_CAPABILITIES } from "../../../src/adapters/claude/session-bridge.js";
import type { ControlSnapshot } from "../../../src/core/exec/control-snapshot.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import type { ServerClient } from "../../../src/server/client.js";
import { ServerSessionPort } from "../../../src/tui-client/server-session-port.js";
import { HandleSessionPort } from "../../../src/ui/handle-session-port.js";
import { until } from "../../helpers/until.js";
import { spec } from "../server/fixture.js";
import { type Cleanups, serveScripted } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const turn = () => new Promise((r) => setImmediate(r));

async function start() {
  const { table, sessions, client } = await serveScripted(cleanups, { prefix: "hmux-control-" });
  return { table, sessions, client: await client() };
}

function serverPort(client: ServerClient, row: SessionSummary): ServerSessionPort {
  return new ServerSessionPort(
    client,
    row,
    {
      harness: "claude",
      settings: [],
      support: { steer: false, inject: false, abstain: false, replace: false, denyReason: false },
      detachable: true,
    },
    { now: Date.now },
  );
}

const ask = { t: "ask", id: "call-1", tool: "Bash", input: { command: "touch x" } };

describe("a server pane's control state", () => {
  it("equals a local pane's on the same session: at attach, while a call waits, and once it is decided", async () => {
    const s = await start();
    const row = (await s.client.request({ op: "create", harness: "claude", cwd: "/w", options: {} }))
      .session as SessionSummary;
    const session = s.sessions[0]!;
    const local = new HandleSessionPort(session.handle, CLAUDE_SESSION_CAPABILITIES);
    await s.client.request({ op: "input", session: row.id, line: { op: "send", id: "p1", text: "go" } });
    await session.feed(ask);
    const port = serverPort(s.client, row);
    await port.start();
    // In the attach reply: the waiting call is there before any change.
    expect(port.control()?.pending.map((c) => c.callId)).toEqual(["call-1"]);
    expect(port.control()).toEqual(local.control());
    await port.decide("call-1", { decision: "allow" });
    await until(() => port.control()?.pending.length === 0);
    expect(port.control()?.census).toMatchObject({ allowed: 1, "by-person": 1 });
    expect(port.control()).toEqual(local.control());
  });

  it("is told once for a burst of events, and not at all for events that leave it as it was", async () => {
    const s = await start();
    const created = await s.table.create(spec());
    const told: ControlSnapshot[] = [];
    const watch = s.table.watchControl(created.summary.id, (c) => told.push(c));
    expect(watch.current?.pending).toEqual([]);
    for (let i = 0; i < 5; i += 1) s.table.note(created.summary.id, { kind: "warning", code: "X", message: `${i}` });
    await turn();
    await turn();
    expect(told).toEqual([]);
    const session = s.sessions[0]!;
    await session.handle.send("p1", "go");
    await session.feed(ask, { ...ask, id: "call-2" });
    await until(() => told.at(-1)?.pending.length === 2);
    // Both asks came in one chunk: one message says both, none says only the first.
    expect(told.filter((c) => c.pending.length === 1)).toEqual([]);
    watch.stop();
  });
});
