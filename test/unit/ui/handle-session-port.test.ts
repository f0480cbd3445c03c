import { describe, expect, it } from "vitest";
import type { BridgeCapabilities } from "../../../src/core/exec/session-bridge.js";
import type { SessionHandle } from "../../../src/core/exec/session-types.js";
import { HandleSessionPort, supportOf } from "../../../src/ui/handle-session-port.js";

function fakeHandle() {
  const calls: unknown[] = [];
  const handle = {
    sessionId: "s",
    harness: "codex",
    subscribe: () => () => undefined,
    start: async () => void calls.push("start"),
    send: async (id: string, text: string) => (calls.push({ send: id, text }), { disposition: "started" as const }),
    answer: async (id: string, text: string) => (calls.push({ answer: id, text }), { disposition: "started" as const }),
    command: async (command: unknown, decider: unknown) => (
      calls.push({ command, decider }), { result: "ok" as const }
    ),
    handleLine: async () => undefined,
    close: async () => ({ kind: "closed" }),
    abort: async (cause: string) => (calls.push({ abort: cause }), { kind: "closed" }),
    closed: new Promise(() => undefined),
    snapshot: () => ({
      lifecycle: "running",
      turnId: null,
      pending: [],
      harnessSessionId: null,
      frame: { admits: ["read"] },
      posture: "on-request",
      census: { allowed: 2, denied: 1, replaced: 0, abstained: 0, byDecider: { person: 3 } },
    }),
  } as unknown as SessionHandle;
  return { handle, calls };
}

import { acpChannelRow } from "../../../src/adapters/acp-kind/channel.js";
import { CLAUDE_SESSION_CAPABILITIES } from "../../../src/adapters/claude/session-bridge.js";
import { CODEX_SESSION_CAPABILITIES } from "../../../src/adapters/codex/session-bridge.js";
import { delivers } from "../../../src/core/exec/session-bridge.js";

const CAPS: BridgeCapabilities = CODEX_SESSION_CAPABILITIES;

describe("SessionHandle → SessionPort", () => {
  it("a decision is a tool.decide command decided by a person", async () => {
    const { handle, calls } = fakeHandle();
    const port = new HandleSessionPort(handle, CAPS);
    await port.decide("call_1", { decision: "deny", reason: "no" });
    expect(calls[0]).toMatchObject({
      command: { command: "tool.decide", callId: "call_1", decision: { decision: "deny", reason: "no" } },
      decider: "person",
    });
  });

  it("a prompt is a send; steer and inject are commands; interrupt and halt carry a reason", async () => {
    const { handle, calls } = fakeHandle();
    const port = new HandleSessionPort(handle, CAPS);
    await port.send("go", "turn");
    await port.send("faster", "steer");
    await port.send("note", "inject");
    await port.interrupt();
    await port.halt();
    expect(calls[0]).toMatchObject({ send: expect.any(String), text: "go" });
    expect(calls[1]).toMatchObject({ command: { command: "steer", text: "faster" } });
    expect(calls[2]).toMatchObject({ command: { command: "message.inject", text: "note" } });
    expect(calls[3]).toMatchObject({ command: { command: "interrupt", reason: expect.stringContaining("hmux") } });
    expect(calls[4]).toMatchObject({ command: { command: "halt" } });
  });

  it("ids are unique per intent", async () => {
    const { handle, calls } = fakeHandle();
    const port = new HandleSessionPort(handle, CAPS);
    await port.send("a", "turn");
    await port.send("b", "turn");
    const ids = calls.map((c) => (c as { send: string }).send);
    expect(new Set(ids).size).toBe(2);
  });

  it("support follows the capability table's row for the channel", () => {
    for (const caps of [CODEX_SESSION_CAPABILITIES, CLAUDE_SESSION_CAPABILITIES]) {
      expect(supportOf(caps)).toMatchObject({
        steer: delivers(caps, "steer"),
        inject: delivers(caps, "message.inject"),
        replace: delivers(caps, "tool.decide/replace"),
      });
    }
    expect(supportOf(CLAUDE_SESSION_CAPABILITIES).steer).toBe(false);
    // On the session channels the core turns an abstain into a deny: the key is not offered.
    expect(supportOf(CLAUDE_SESSION_CAPABILITIES).abstain).toBe(false);
  });

  it("a deny's reason is offered as reaching the model only where the channel row's denyReason facet says it does", () => {
    expect(supportOf(CLAUDE_SESSION_CAPABILITIES).denyReason).toBe(
      CLAUDE_SESSION_CAPABILITIES.channel.facets.denyReason.value,
    );
    const evidence = { source: "doc", date: "config", version: "unpinned", ref: "config.json" } as const;
    const acp: BridgeCapabilities = { ...CLAUDE_SESSION_CAPABILITIES, channel: acpChannelRow("standin", evidence) };
    expect(supportOf(acp).denyReason).toBe(false);
  });

  it("start sends the initial prompt after the session starts; control state is read from the snapshot", async () => {
    const { handle, calls } = fakeHandle();
    const port = new HandleSessionPort(handle, CAPS, { initialPrompt: "hello" });
    await port.start();
    expect(calls.slice(0, 2)).toMatchObject(["start", { text: "hello" }]);
    expect(port.control()).toMatchObject({
      frame: "admits read",
      posture: "on-request",
      census: { allowed: 2, denied: 1, "by-person": 3 },
    });
  });
});
