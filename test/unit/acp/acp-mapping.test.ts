/**
 * The ACP kind's pure mappings: session/update → HarnessEvents, a permission request → the
 * control machine's ask, and hmux's verdict → one of the agent's own options.
 */
import type { PermissionOption } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { AcpStreamDecoder } from "../../../src/adapters/acp-kind/decoder.js";
import { answerOf, askOf } from "../../../src/adapters/acp-kind/permission.js";
import { UpdateEvents } from "../../../src/adapters/acp-kind/updates.js";

const opt = (optionId: string, kind: PermissionOption["kind"]): PermissionOption => ({
  optionId,
  name: optionId,
  kind,
});

describe("hmux's verdict as the agent's option", () => {
  const all = [
    opt("a1", "allow_always"),
    opt("o1", "allow_once"),
    opt("r1", "reject_once"),
    opt("ra", "reject_always"),
  ];

  it("allow picks allow_once and deny picks reject_once, by the agent's own ids", () => {
    expect(answerOf("allow", all)).toEqual({ outcome: { outcome: "selected", optionId: "o1" } });
    expect(answerOf("deny", all)).toEqual({ outcome: { outcome: "selected", optionId: "r1" } });
  });

  it("deny falls back to reject_always", () => {
    expect(answerOf("deny", [opt("a1", "allow_once"), opt("ra", "reject_always")]).outcome).toEqual({
      outcome: "selected",
      optionId: "ra",
    });
  });

  it("an allow where only allow_always is offered is sent as a reject, saying why", () => {
    const answer = answerOf("allow", [opt("a1", "allow_always"), opt("r1", "reject_once")]);
    expect(answer.outcome).toEqual({ outcome: "selected", optionId: "r1" });
    expect(answer.note).toContain("never grants allow_always");
  });

  it("with nothing to say no with, the answer is cancelled", () => {
    expect(answerOf("deny", [opt("o1", "allow_once")])).toMatchObject({ outcome: { outcome: "cancelled" } });
    expect(answerOf("allow", [opt("a1", "allow_always")])).toMatchObject({ outcome: { outcome: "cancelled" } });
  });
});

describe("a permission request as the control machine's ask", () => {
  const known = (locations: string[], kind: "read" | "execute" | "other" = "read") => ({
    callId: "c1",
    title: "Read notes",
    kind,
    rawInput: { command: "cat notes" },
    locations,
    deniedByHmux: false,
  });

  it("names the canonical tool and keeps the agent's raw input and its ref", () => {
    expect(askOf(known([], "execute"), "ref-1", "/w")).toEqual({
      callId: "c1",
      tool: "execute",
      canonical: "shell",
      input: { command: "cat notes", title: "Read notes" },
      ref: "ref-1",
    });
  });

  it("gives the policy the location outside the workspace when there is one, else the first", () => {
    expect((askOf(known(["/w/a", "/etc/shadow"]), "r", "/w").input as { path: string }).path).toBe("/etc/shadow");
    expect((askOf(known(["/w/a", "/w/b"]), "r", "/w").input as { path: string }).path).toBe("/w/a");
    expect((askOf(known(["/wx/a"]), "r", "/w").input as { path: string }).path).toBe("/wx/a");
  });

  it("a kind with no canonical tool stays native", () => {
    expect(askOf(known([], "other"), "r", "/w").canonical).toBeUndefined();
  });
});

describe("session/update as events", () => {
  it("a tool call and its failed update: call, then a result that is an error", () => {
    const u = new UpdateEvents();
    expect(
      u.update({
        sessionUpdate: "tool_call",
        toolCallId: "t1",
        title: "Edit a.ts",
        kind: "edit",
        rawInput: { path: "a.ts" },
      }),
    ).toEqual([
      {
        kind: "tool",
        phase: "call",
        callId: "t1",
        name: "Edit a.ts",
        canonical: "edit",
        input: { path: "a.ts", title: "Edit a.ts" },
      },
    ]);
    expect(
      u.update({
        sessionUpdate: "tool_call_update",
        toolCallId: "t1",
        status: "failed",
        content: [{ type: "content", content: { type: "text", text: "no such file" } }],
      }),
    ).toEqual([
      { kind: "tool", phase: "result", callId: "t1", name: "Edit a.ts", output: "no such file", isError: true },
    ]);
  });

  it("a call hmux rejected fails as denied; one still running is progress", () => {
    const u = new UpdateEvents();
    u.update({ sessionUpdate: "tool_call", toolCallId: "t2", title: "Run ls", kind: "execute" });
    expect(u.update({ sessionUpdate: "tool_call_update", toolCallId: "t2", status: "in_progress" })).toEqual([
      { kind: "progress", label: "tool", detail: "Run ls: in_progress" },
    ]);
    u.markDenied("t2");
    expect(u.update({ sessionUpdate: "tool_call_update", toolCallId: "t2", status: "failed" })).toMatchObject([
      { phase: "result", isError: true, denied: true },
    ]);
  });

  it("a message streamed in chunks closes as one message when a tool call starts", () => {
    const u = new UpdateEvents();
    u.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Let me " } });
    u.update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "look." } });
    const out = u.update({ sessionUpdate: "tool_call", toolCallId: "t3", title: "Read", kind: "read" });
    expect(out[0]).toEqual({ kind: "message", role: "assistant", text: "Let me look.", streamed: true });
    expect(u.flush()).toEqual([]);
  });

  it("commands, mode and notices are progress; a cost in another currency is not taken as dollars", () => {
    const u = new UpdateEvents();
    expect(
      u.update({ sessionUpdate: "available_commands_update", availableCommands: [{ name: "init", description: "d" }] }),
    ).toEqual([{ kind: "progress", label: "commands", detail: "/init" }]);
    expect(u.update({ sessionUpdate: "current_mode_update", currentModeId: "plan" })).toEqual([
      { kind: "progress", label: "mode", detail: "plan" },
    ]);
    expect(
      u.update({ sessionUpdate: "usage_update", used: 10, size: 0, cost: { amount: 3, currency: "EUR" } }),
    ).toEqual([]);
  });

  it("an update kind it does not know is surfaced as unrecognized, not dropped", () => {
    const u = new UpdateEvents();
    const strange = { sessionUpdate: "hologram", beam: 1 } as never;
    expect(u.update(strange)).toEqual([
      { kind: "unrecognized", nativeType: "session/update hologram", record: strange },
    ]);
  });
});

describe("a recorded ACP stream", () => {
  const update = (u: object) => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s", update: u } });

  it("decodes with the live mapping, and is complete once a stop reason arrived", () => {
    const d = new AcpStreamDecoder();
    expect(d.record(update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } }))).toEqual([
      { kind: "token", text: "hi" },
    ]);
    expect(d.incompleteTurn()).toBeDefined();
    expect(d.record({ jsonrpc: "2.0", id: 2, result: { stopReason: "end_turn" } })).toEqual([
      { kind: "message", role: "assistant", text: "hi", streamed: true },
    ]);
    expect(d.incompleteTurn()).toBeUndefined();
  });

  it("an update of the wrong shape is shown as unrecognized, not trusted", () => {
    const d = new AcpStreamDecoder();
    expect(d.record(update({ sessionUpdate: "plan", entries: "not a list" }))).toMatchObject([
      { kind: "unrecognized", nativeType: "session/update (malformed)" },
    ]);
  });
});
