import { describe, expect, it } from "vitest";
import { createDecoder } from "../../../src/adapters/claude/decode.js";
import { ClaudeSessionBridge } from "../../../src/adapters/claude/session-bridge.js";
import { OpenRequests } from "../../../src/core/exec/open-requests.js";

const canUseTool = (requestId: string, toolUseId: string, command: string) => ({
  type: "control_request",
  request_id: requestId,
  request: { subtype: "can_use_tool", tool_name: "Bash", input: { command }, tool_use_id: toolUseId },
});

describe("open approval requests", () => {
  it("a decision answers the native request it was made for, even when two requests share a call id", () => {
    const open = new OpenRequests<string>();
    open.add("r1", "call-1", "first");
    open.add("r2", "call-1", "second");
    expect(open.take("call-1", "r2")).toBe("second");
    expect(open.take("call-1", "r1")).toBe("first");
    expect(open.take("call-1", "r1")).toBeUndefined();
  });

  it("a decision for a call id that does not own the ref answers nothing", () => {
    const open = new OpenRequests<string>();
    open.add("r1", "call-1", "first");
    expect(open.take("call-2", "r1")).toBeUndefined();
    expect(open.take("call-1", "r1")).toBe("first");
  });

  it("a withdrawn request can no longer be answered", () => {
    const open = new OpenRequests<string>();
    open.add(7, "call-1", "x");
    expect(open.withdraw(7)).toBe("call-1");
    expect(open.take("call-1", 7)).toBeUndefined();
  });

  it("claude: two can_use_tool requests for one tool_use_id each get exactly their own control_response", () => {
    const bridge = new ClaudeSessionBridge(createDecoder());
    const asks = [canUseTool("req-a", "toolu_1", "ls"), canUseTool("req-b", "toolu_1", "rm -rf x")]
      .flatMap((r) => bridge.record(r))
      .flatMap((o) => (o.kind === "approval" ? [o.ask] : []));
    expect(asks.map((a) => a.ref)).toEqual(["req-a", "req-b"]);
    const toB = bridge.encodeDecision("toolu_1", "req-b", { decision: "deny", reason: "not that" });
    const toA = bridge.encodeDecision("toolu_1", "req-a", { decision: "allow" });
    const answered = [...toB, ...toA].map((l) => JSON.parse(l).response);
    expect(answered.map((r) => [r.request_id, r.response.behavior])).toEqual([
      ["req-b", "deny"],
      ["req-a", "allow"],
    ]);
    expect(bridge.encodeDecision("toolu_1", "req-a", { decision: "allow" })).toEqual([]);
  });
});

describe("pi gate timeout", () => {
  it("the gate waits longer than hmux's decision budget, so hmux's own deadline is the one that fires", async () => {
    const { sessionPlanner } = await import("../../helpers/builtin-harnesses.js");
    const planPiSession = sessionPlanner("pi");
    const base = { sessionId: "s", cwd: "/", env: {}, stateDir: "/tmp/x", isolate: false };
    expect(Number(planPiSession(base).spawn.env.HMUX_GATE_TIMEOUT_MS)).toBe(60_000);
    expect(
      Number(planPiSession({ ...base, decisionBudgetMs: 600_000 }).spawn.env.HMUX_GATE_TIMEOUT_MS),
    ).toBeGreaterThan(600_000);
  });

  it("the bridge takes the harness's deadline from the gate's own request", async () => {
    const { PiSessionBridge } = await import("../../../src/adapters/pi/session-bridge.js");
    const { GATE_TITLE } = await import("../../../src/adapters/pi/extension/hmux-gate.js");
    const { createDecoder: createPiDecoder } = await import("../../../src/adapters/pi/decode.js");
    const bridge = new PiSessionBridge(createPiDecoder());
    const described = JSON.stringify({ callId: "c1", tool: "bash", input: { command: "ls" }, timeoutMs: 605_000 });
    const out = bridge.record({
      type: "extension_ui_request",
      id: "u1",
      method: "input",
      title: GATE_TITLE,
      placeholder: described,
    });
    const ask = out.flatMap((o) => (o.kind === "approval" ? [o.ask] : []))[0];
    expect(ask?.harnessTimeoutMs).toBe(605_000);
  });
});
