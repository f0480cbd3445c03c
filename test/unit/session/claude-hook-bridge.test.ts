/**
 * The claude session bridge's PreToolUse hook callback, with the real session runtime and control
 * machine behind it, so what is written back to claude is what a session writes.
 */

import { describe, expect, it } from "vitest";
import { claudeControl } from "../../../src/adapters/claude/capabilities.js";
import { createDecoder } from "../../../src/adapters/claude/decode.js";
import { ClaudeSessionBridge, PRE_TOOL_CALLBACK_ID } from "../../../src/adapters/claude/session-bridge.js";
import { initialState, step } from "../../../src/core/control/machine.js";
import type { Frame } from "../../../src/core/control/machine-types.js";
import type { JsonObject } from "../../../src/core/decoder.js";
import type { ApprovalMode } from "../../../src/core/exec/session-types.js";
import { flush, setup } from "./session-fixture.js";

const SHELL_ONLY: Frame = { admits: ["shell"], text: "shell only" };

async function harness(frame: Frame | null, approvals: ApprovalMode = "ask") {
  const bridge = new ClaudeSessionBridge(createDecoder({ requestedSessionId: "s-1" }));
  const t = setup({ approvals, ...(frame ? { frame } : {}) }, bridge);
  await t.handle.start();
  const init = t.written()[0]!;
  await t.feed({ type: "control_response", response: { subtype: "success", request_id: init.request_id } });
  /** Every JSON line written to claude after the initialize request. */
  const written = () => t.written().slice(1) as JsonObject[];
  /** One record from claude, through the runtime. */
  const feed = async (record: JsonObject) => {
    await t.feed(record);
    await flush();
  };
  return { bridge, written, events: t.events, feed, handle: t.handle };
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
  written.map((w) => (w.response ?? {}) as JsonObject).filter((r) => r.request_id === requestId);

describe("claude session bridge: PreToolUse hook callback", () => {
  it("the initialize request registers a PreToolUse hook callback for every tool", async () => {
    const h = await harness(null);
    const init = JSON.parse(h.bridge.start().lines[0]!) as { request: { subtype: string; hooks: unknown } };
    expect(init.request).toEqual({
      subtype: "initialize",
      hooks: { PreToolUse: [{ matcher: "", hookCallbackIds: [PRE_TOOL_CALLBACK_ID] }] },
    });
  });

  it("a call the frame does not admit is answered deny with the frame's reason, and the frame decided it", async () => {
    const h = await harness(SHELL_ONLY);
    await h.feed(hook("r-1", "Read", { file_path: "/w/notes.txt" }));
    const [answer] = answerTo(h.written(), "r-1");
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
    expect(h.handle.snapshot().pending).toEqual([]);
  });

  it("a call the frame admits is answered {} and nobody is asked", async () => {
    const h = await harness(SHELL_ONLY);
    await h.feed(hook("r-2", "Bash", { command: "echo hi" }));
    expect(answerTo(h.written(), "r-2")).toEqual([{ subtype: "success", request_id: "r-2", response: {} }]);
    expect(h.events.filter((e) => e.kind === "approval-request")).toEqual([]);
  });

  it("with no frame every call is answered {}, and a later can_use_tool for it is asked once as before", async () => {
    const h = await harness(null);
    await h.feed(hook("r-3", "Read", { file_path: "/etc/hostname" }));
    expect(answerTo(h.written(), "r-3")).toEqual([{ subtype: "success", request_id: "r-3", response: {} }]);
    await h.feed({
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
    expect(h.handle.snapshot().pending.map((c) => c.callId)).toEqual(["toolu_1"]);
  });

  it("observe mode enforces no frame at the hook: the call continues", async () => {
    const h = await harness(SHELL_ONLY, "allow");
    await h.feed(hook("r-5", "Read", { file_path: "/w/a" }));
    expect(answerTo(h.written(), "r-5")).toEqual([{ subtype: "success", request_id: "r-5", response: {} }]);
  });

  it("a malformed hook callback is denied (fail closed), never left unanswered", async () => {
    const h = await harness(null);
    await h.feed({
      type: "control_request",
      request_id: "r-6",
      request: {
        subtype: "hook_callback",
        callback_id: PRE_TOOL_CALLBACK_ID,
        input: { hook_event_name: "PreToolUse" },
      },
    });
    expect(h.events.some((e) => e.kind === "approval-request")).toBe(false);
    const [answer] = answerTo(h.written(), "r-6");
    expect(answer).toMatchObject({
      subtype: "success",
      response: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
    });
    expect(JSON.stringify(answer)).toContain("malformed");
  });

  it("a hook callback id hmux never registered is denied, not continued", async () => {
    const h = await harness(null);
    await h.feed({
      type: "control_request",
      request_id: "r-7",
      request: {
        subtype: "hook_callback",
        callback_id: "someone-else",
        input: { tool_name: "Read", tool_input: {}, tool_use_id: "toolu_9" },
      },
    });
    expect(answerTo(h.written(), "r-7")[0]).toMatchObject({
      response: { hookSpecificOutput: { permissionDecision: "deny" } },
    });
  });

  it("a hook callback after the session closed is denied by hmux, in claude's hook words", () => {
    const bridge = new ClaudeSessionBridge(createDecoder({ requestedSessionId: "s-1" }));
    const config = { sessionId: "s-1", harness: "claude", channel: claudeControl, mode: "ask" } as const;
    let state = initialState({ ...config, headless: false, harnessTimeoutMs: null });
    state = step(state, { type: "process-exited", exitCode: 0, cause: "clean" }, 1_000).state;
    const [check] = bridge.record(hook("r-8", "Read", { file_path: "/w/a" }));
    if (check?.kind !== "pre-tool-check") throw new Error("the hook callback was not reported as a pre-tool check");
    const effects = step(state, { type: "pre-tool-check", call: check.ask }, 1_001).effects;
    const deny = effects.find((e) => e.type === "deliver-decision");
    if (deny?.type !== "deliver-decision" || deny.decision.decision !== "deny")
      throw new Error("no deny was delivered");
    const lines = bridge.encodeDecision(deny.callId, deny.ref, deny.decision).map((l) => JSON.parse(l) as JsonObject);
    expect(answerTo(lines, "r-8")[0]).toMatchObject({
      response: { hookSpecificOutput: { permissionDecision: "deny" } },
    });
  });
});
