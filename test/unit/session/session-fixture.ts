/** A session over a FakeChild and FakeClock with the scripted bridge: tests feed records and read writes. */
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { Spawner, SpawnRequest } from "../../../src/core/exec/ports.js";
import { createSession } from "../../../src/core/exec/session.js";
import type { SessionBridge } from "../../../src/core/exec/session-bridge.js";
import type { SessionPlan } from "../../../src/core/exec/session-types.js";
import { FakeChild, FakeClock } from "../exec/fakes.js";
import { ScriptedBridge } from "./scripted-bridge.js";

export const flush = () => new Promise((r) => setTimeout(r, 0));

export function setup(
  over: Partial<SessionPlan> = {},
  bridge: SessionBridge = new ScriptedBridge(),
  clock: FakeClock = new FakeClock(),
) {
  const children: FakeChild[] = [];
  const spawner: Spawner = {
    kind: "pipe",
    spawn: (req: SpawnRequest) => {
      const c = new FakeChild(req);
      children.push(c);
      return c;
    },
  };
  const events: SessionEvent[] = [];
  const journal: SessionEvent[] = [];
  const plan: SessionPlan = {
    sessionId: "s1",
    harness: "claude",
    origin: "fresh",
    escalateQuestions: false,
    spawn: { argv: ["fake"], cwd: "/", env: {}, stdin: "pipe" },
    bridge,
    approvals: "ask",
    ...over,
  };
  const handle = createSession(plan, { spawner, clock, record: (e) => journal.push(e) });
  handle.subscribe((e) => events.push(e));
  const child = () => children[0]!;
  const feed = async (...records: object[]) => {
    child().stdout(records.map((r) => `${JSON.stringify(r)}\n`).join(""));
    await flush();
  };
  const written = () =>
    child()
      .written.join("")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  const kinds = () => events.map((e) => e.kind).filter((k) => k !== "state");
  return { handle, clock, events, journal, child, feed, written, kinds, children };
}

export const decide = (id: string, callId: string, decision: unknown) =>
  JSON.stringify({ format: "metaharness.command/1", id, command: "tool.decide", call_id: callId, decision });
