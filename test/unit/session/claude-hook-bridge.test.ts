/**
 * The claude session bridge's PreToolUse hook callback, with the real control machine behind it
 * (MachineDriver), so what is written back to claude is what the runtime would write.
 */
import { describe, expect, it } from "vitest";
import { createDecoder } from "../../../src/adapters/claude/decode.js";
import { ClaudeSessionBridge, PRE_TOOL_CALLBACK_ID } from "../../../src/adapters/claude/session-bridge.js";
import type { ControlConfig, Frame } from "../../../src/core/control/machine-types.js";
import type { ControlEvent } from "../../../src/core/control/types.js";
import type { JsonObject } from "../../../src/core/decoder.js";
import { MachineDriver } from "../../../src/core/exec/machine-driver.js";
import type { BridgeOutput } from "../../../src/core/exec/session-bridge.js";

const SHELL_ONLY: Frame = { admits: ["shell"], text: "shell only" };

function harness(frame: Frame | null, mode: ControlConfig["mode"] = "ask") {
  const bridge = new ClaudeSessionBridge(createDecoder({ requestedSessionId: "s-1" }));
  const written: JsonObject[] = [];
  const events: ControlEvent[] = [];
  const clock = { now: () => 1_000, setTimeout: () => 0, clearTimeout: () => undefined };
  const config: ControlConfig = {
    sessionId: "s-1",
    harness: "claude",
    channel: "claude-control",
    mode,
    headless: false,
    harnessTimeoutMs: null,
    frame,
  };
  const machine = new MachineDriver(config, bridge, clock, {
    emit: (e) => events.push(e),
    write: async (lines) => {
      for (const l of lines) written.push(JSON.parse(l) as JsonObject);
      return true;
    },
    message: () => undefined,
    frame: () => undefined,
    halt: () => undefined,
  });
  machine.input({ type: "ready" });
  machine.input({ type: "turn-started", turnId: "t1" });
  /** One record from claude, carried the way the session runtime carries it. */
  const feed = (record: JsonObject): BridgeOutput[] => {
    const outs = bridge.record(record);
    for (const o of outs) {
      if (o.kind === "pre-tool-check") machine.input({ type: "pre-tool-check", call: o.ask });
      if (o.kind === "approval") machine.input({ type: "tool-call-requested", call: o.ask });
      if (o.kind === "write") for (const l of o.lines) written.push(JSON.parse(l) as JsonObject);
    }
    return outs;
  };
  return { bridge, written, events, feed, machine };
}

const hook = (requestId: string, tool: string, toolInput: unknown, callId = "toolu_1"): JsonObject => ({
  type: "control_request",
  request_id: requestId,
  request: {
    subtype: "hook_callback",
    callback_id: PRE_TOOL_CALLBACK_ID,
    input: { hook_event_name: "PreToolUse", tool_name: tool, tool_input: toolInput, tool_use_id: callId },
    tool_use_id: callId,
  },
});

const answerTo = (written: JsonObject[], requestId: string) =>
  written.map((w) => w.response as JsonObject).filter((r) => r.request_id === requestId);

describe("claude session bridge: PreToolUse hook callback", () => {
  it("the initialize request registers a PreToolUse hook callback for every tool", () => {
    const h = harness(null);
    const init = JSON.parse(h.bridge.start().lines[0]!) as { request: { subtype: string; hooks: unknown } };
    expect(init.request).toEqual({
      subtype: "initialize",
      hooks: { PreToolUse: [{ matcher: "", hookCallbackIds: [PRE_TOOL_CALLBACK_ID] }] },
    });
  });

  it("a call the frame does not admit is answered deny with the frame's reason, and the frame decided it", async () => {
    const h = harness(SHELL_ONLY);
    h.feed(hook("r-1", "Read", { file_path: "/w/notes.txt" }));
    await Promise.resolve();
    const [answer] = answerTo(h.written, "r-1");
    expect(answer).toMatchObject({
      subtype: "success",
      response: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
    });
    const reason = (answer!.response as { hookSpecificOutput: { permissionDecisionReason: string } }).hookSpecificOutput
      .permissionDecisionReason;
    expect(reason).toContain('["shell"]');
    expect(h.events).toContainEqual(expect.objectContaining({ kind: "approval-request" }));
    expect(h.events).toContainEqual(
      expect.objectContaining({
        kind: "approval-disposition",
        callId: "toolu_1",
        decider: "frame",
        status: "sent",
        decision: { decision: "deny", reason },
      }),
    );
    expect(h.machine.state.pending).toEqual([]);
  });

  it("a call the frame admits is answered {} and nobody is asked", () => {
    const h = harness(SHELL_ONLY);
    h.feed(hook("r-2", "Bash", { command: "echo hi" }));
    expect(answerTo(h.written, "r-2")).toEqual([{ subtype: "success", request_id: "r-2", response: {} }]);
    expect(h.events.filter((e) => e.kind === "approval-request")).toEqual([]);
  });

  it("with no frame every call is answered {}, and a later can_use_tool for it is asked once as before", () => {
    const h = harness(null);
    h.feed(hook("r-3", "Read", { file_path: "/etc/hostname" }));
    expect(answerTo(h.written, "r-3")).toEqual([{ subtype: "success", request_id: "r-3", response: {} }]);
    h.feed({
      type: "control_request",
      request_id: "r-4",
      request: {
        subtype: "can_use_tool",
        tool_name: "Read",
        input: { file_path: "/etc/hostname" },
        tool_use_id: "toolu_1",
      },
    });
    expect(h.events.filter((e) => e.kind === "approval-request")).toHaveLength(1);
    expect(h.machine.state.pending.map((c) => c.callId)).toEqual(["toolu_1"]);
  });

  it("observe mode enforces no frame at the hook: the call continues", () => {
    const h = harness(SHELL_ONLY, "observe");
    h.feed(hook("r-5", "Read", { file_path: "/w/a" }));
    expect(answerTo(h.written, "r-5")).toEqual([{ subtype: "success", request_id: "r-5", response: {} }]);
  });

  it("a malformed hook callback is denied (fail closed), never left unanswered", () => {
    const h = harness(null);
    const outs = h.feed({
      type: "control_request",
      request_id: "r-6",
      request: {
        subtype: "hook_callback",
        callback_id: PRE_TOOL_CALLBACK_ID,
        input: { hook_event_name: "PreToolUse" },
      },
    });
    expect(outs.some((o) => o.kind === "pre-tool-check")).toBe(false);
    const [answer] = answerTo(h.written, "r-6");
    expect(answer).toMatchObject({
      subtype: "success",
      response: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
    });
    expect(JSON.stringify(answer)).toContain("malformed");
  });

  it("a hook callback id hmux never registered is denied, not continued", () => {
    const h = harness(null);
    h.feed({
      type: "control_request",
      request_id: "r-7",
      request: {
        subtype: "hook_callback",
        callback_id: "someone-else",
        input: { tool_name: "Read", tool_input: {}, tool_use_id: "toolu_9" },
      },
    });
    expect(answerTo(h.written, "r-7")[0]).toMatchObject({
      response: { hookSpecificOutput: { permissionDecision: "deny" } },
    });
  });

  it("a hook callback after the session closed is denied by hmux", () => {
    const h = harness(null);
    h.machine.input({ type: "process-exited", exitCode: 0, cause: "clean" });
    h.feed(hook("r-8", "Read", { file_path: "/w/a" }));
    expect(answerTo(h.written, "r-8")[0]).toMatchObject({
      response: { hookSpecificOutput: { permissionDecision: "deny" } },
    });
  });
});
