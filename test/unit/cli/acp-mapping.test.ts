/**
 * What `hmux acp` says in ACP, held on the pure parts: events as session updates, a waiting call
 * as a permission request and the client's choice as hmux's decision, a turn's end as a stop
 * reason or an error, and a prompt's content as the text a session takes.
 */
import { describe, expect, it } from "vitest";
import { decideLine, permissionOptions, verdictOf } from "../../../src/cli/acp/permission.js";
import { promptText } from "../../../src/cli/acp/prompt-text.js";
import { SessionUpdates } from "../../../src/cli/acp/session-updates.js";
import { turnEnd } from "../../../src/cli/acp/stop-reason.js";
import { planOf, toolKind, toolLocations } from "../../../src/cli/acp/tool-call.js";
import type { PendingCall } from "../../../src/core/control/types.js";

const call = (over: Partial<PendingCall> = {}): PendingCall => ({
  callId: "c1",
  tool: "Bash",
  canonical: "shell",
  input: { command: "touch x" },
  openedAt: 0,
  deadlineAt: 1000,
  ...over,
});

describe("session updates", () => {
  it("streams tokens as chunks and skips the whole message that repeats them; a replay sends whole messages only", () => {
    const u = new SessionUpdates("/w");
    expect(u.live({ kind: "token", text: "hi" })).toEqual([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } },
    ]);
    expect(u.live({ kind: "token", text: "hm", thinking: true })[0]?.sessionUpdate).toBe("agent_thought_chunk");
    expect(u.live({ kind: "message", role: "assistant", text: "hi", streamed: true })).toEqual([]);
    expect(u.live({ kind: "message", role: "assistant", text: "whole" })).toHaveLength(1);
    expect(u.replayed({ kind: "token", text: "hi" })).toEqual([]);
    expect(u.replayed({ kind: "message", role: "assistant", text: "hi", streamed: true })).toHaveLength(1);
  });

  it("does not echo the client's own prompt back, but shows what someone else said to the session", () => {
    const u = new SessionUpdates("/w");
    u.said("my prompt");
    expect(u.live({ kind: "message", role: "user", text: "my prompt" })).toEqual([]);
    expect(u.live({ kind: "message", role: "user", text: "typed in hmux attach" })).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "typed in hmux attach" } },
    ]);
  });

  it("a replay shows a user message once, though the server's record and the harness's echo both carry it", () => {
    const u = new SessionUpdates("/w");
    expect(u.replayed({ kind: "message", role: "user", text: "go" })).toHaveLength(1);
    expect(u.replayed({ kind: "message", role: "user", text: "go" })).toEqual([]);
    expect(u.replayed({ kind: "message", role: "assistant", text: "ok" })).toHaveLength(1);
    expect(u.replayed({ kind: "message", role: "user", text: "again" })).toHaveLength(1);
    // pi echoes a prompt after hmux's question protocol: still the same words.
    expect(u.replayed({ kind: "message", role: "user", text: "[hmux question protocol] …\n\nagain" })).toEqual([]);
  });

  it("a tool call is announced pending with its kind and absolute locations, and its result completes or fails it", () => {
    const u = new SessionUpdates("/w");
    const [announced] = u.live({
      kind: "tool",
      phase: "call",
      callId: "t1",
      name: "Read",
      canonical: "read",
      input: { file_path: "a.txt" },
    });
    expect(announced).toMatchObject({
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      kind: "read",
      status: "pending",
      title: "Read: a.txt",
      locations: [{ path: "/w/a.txt" }],
    });
    expect(u.live({ kind: "tool", phase: "result", callId: "t1", output: "x", isError: false })[0]).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: "t1",
      status: "completed",
    });
    expect(
      u.live({ kind: "tool", phase: "result", callId: "t1", output: "no", isError: false, denied: true })[0],
    ).toMatchObject({ status: "failed" });
  });

  it("says who decided a call: a deny fails it with the reason, an allow sets it running", () => {
    const u = new SessionUpdates("/w");
    const deny = u.live({
      kind: "approval-disposition",
      callId: "t1",
      decision: { decision: "deny", reason: "no" },
      decider: "person",
      status: "sent",
    });
    expect(deny[0]).toMatchObject({ status: "failed", content: [{ content: { text: "denied by person: no" } }] });
    const allow = u.live({
      kind: "approval-disposition",
      callId: "t1",
      decision: { decision: "allow" },
      decider: "rule:r1",
      status: "sent",
    });
    expect(allow[0]).toMatchObject({ status: "in_progress", content: [{ content: { text: "allowed by rule:r1" } }] });
  });

  it("results of calls whose stream named no id close them oldest first", () => {
    const u = new SessionUpdates("/w");
    const a = u.live({ kind: "tool", phase: "call", callId: null, name: "x" })[0] as { toolCallId: string };
    const b = u.live({ kind: "tool", phase: "call", callId: null, name: "y" })[0] as { toolCallId: string };
    expect(a.toolCallId).not.toBe(b.toolCallId);
    const r = u.live({ kind: "tool", phase: "result", callId: null, output: "", isError: false })[0] as {
      toolCallId: string;
    };
    expect(r.toolCallId).toBe(a.toolCallId);
  });

  it("a question is a message that says the next prompt answers it", () => {
    const [q] = new SessionUpdates("/w").live({ kind: "question", question: "which?", options: ["red", "blue"] });
    expect(q).toMatchObject({ sessionUpdate: "agent_message_chunk" });
    const text = (q as { content: { text: string } }).content.text;
    expect(text).toContain("which?");
    expect(text).toContain("- blue");
    expect(text).toContain("your next message");
  });

  it("sends usage_update only when the harness reported the context and its window, with the session's summed cost", () => {
    const u = new SessionUpdates("/w");
    expect(u.live({ kind: "usage", inputTokens: 900, outputTokens: 100, costUsd: 0.5 })).toEqual([]);
    expect(u.usage()).toEqual({ inputTokens: 900, outputTokens: 100, costUsd: 0.5 });
    expect(u.live({ kind: "usage", contextTokens: 1000, contextWindow: 200_000, costUsd: 0.25 })).toEqual([
      { sessionUpdate: "usage_update", used: 1000, size: 200_000, cost: { amount: 0.75, currency: "USD" } },
    ]);
    // A record whose cost is unknown: the sum would be short, so no cost is said from then on.
    expect(u.live({ kind: "usage", contextTokens: 1500, contextWindow: 200_000 })).toEqual([
      { sessionUpdate: "usage_update", used: 1500, size: 200_000 },
    ]);
  });
});

describe("tool calls", () => {
  it("maps hmux's canonical tools to ACP's kinds, anything else to other", () => {
    expect(toolKind("shell")).toBe("execute");
    expect(toolKind("write")).toBe("edit");
    expect(toolKind("grep")).toBe("search");
    expect(toolKind("web-fetch")).toBe("fetch");
    expect(toolKind(undefined)).toBe("other");
    expect(toolKind("mcp__x")).toBe("other");
  });

  it("resolves a relative path against the call's own cwd, else the session's folder", () => {
    expect(toolLocations({ input: { path: "b.txt", cwd: "sub" } }, "/w")).toEqual([{ path: "/w/sub/b.txt" }]);
    expect(toolLocations({ input: { file_path: "/abs/c" } }, "/w")).toEqual([{ path: "/abs/c" }]);
    expect(toolLocations({ input: { command: "ls" } }, "/w")).toEqual([]);
  });

  it("reads a plan from claude's TodoWrite and codex's update_plan shapes, and from nothing else", () => {
    expect(
      planOf({
        input: {
          todos: [
            { content: "a", status: "completed" },
            { content: "b", status: "in_progress" },
          ],
        },
      }),
    ).toEqual({
      sessionUpdate: "plan",
      entries: [
        { content: "a", priority: "medium", status: "completed" },
        { content: "b", priority: "medium", status: "in_progress" },
      ],
    });
    expect(planOf({ input: { plan: [{ step: "s", status: "pending" }] } })).toMatchObject({
      entries: [{ content: "s", status: "pending" }],
    });
    expect(planOf({ input: { command: "ls" } })).toBeNull();
    expect(planOf({ input: { todos: [{ nope: 1 }] } })).toBeNull();
  });
});

describe("permission requests", () => {
  it("offers allow once and deny, and allow always only where hmux offered a rule, named by what it allows", () => {
    expect(permissionOptions(call()).map((o) => o.optionId)).toEqual(["allow", "deny"]);
    expect(permissionOptions(call({ always: { refused: "a chain" } })).map((o) => o.optionId)).toEqual([
      "allow",
      "deny",
    ]);
    const offered = permissionOptions(
      call({ always: { allows: "Write on any path under src/" }, alwaysPath: { allows: "Write on src/a.ts only" } }),
    );
    expect(offered.map((o) => [o.optionId, o.kind])).toEqual([
      ["allow", "allow_once"],
      ["allow-session", "allow_always"],
      ["allow-path", "allow_always"],
      ["deny", "reject_once"],
    ]);
    expect(offered[1]?.name).toContain("under src/");
  });

  it("maps the client's choice to hmux's decision and scope; an option hmux never offered is a deny", () => {
    const sel = (optionId: string) => verdictOf({ outcome: "selected", optionId }, "Zed");
    expect(sel("allow")).toEqual({ decision: { decision: "allow" } });
    expect(sel("allow-session")).toEqual({ decision: { decision: "allow" }, scope: "session" });
    expect(sel("allow-path")).toEqual({ decision: { decision: "allow" }, scope: "path" });
    expect(sel("deny")).toEqual({ decision: { decision: "deny", reason: "denied in Zed's permission prompt" } });
    expect(sel("yolo")).toMatchObject({ decision: { decision: "deny" } });
    expect(verdictOf({ outcome: "cancelled" }, "Zed")).toEqual({ none: "Zed cancelled the permission request" });
  });

  it("writes the decision as a metaharness.command/1 tool.decide, with its scope", () => {
    expect(decideLine("d1", "c1", { decision: { decision: "allow" }, scope: "session" })).toEqual({
      format: "metaharness.command/1",
      id: "d1",
      command: "tool.decide",
      call_id: "c1",
      decision: { decision: "allow" },
      scope: "session",
    });
  });
});

describe("turn ends", () => {
  it("a clean turn or one ending on a question is end_turn; an interrupt or a cancel asked is cancelled", () => {
    expect(turnEnd({ kind: "done", exitCode: null, cause: "clean" }, false)).toEqual({ stopReason: "end_turn" });
    expect(turnEnd({ kind: "done", exitCode: null, cause: "awaiting-input" }, false)).toEqual({
      stopReason: "end_turn",
    });
    expect(turnEnd({ kind: "done", exitCode: null, cause: "interrupted" }, false)).toEqual({
      stopReason: "cancelled",
    });
    expect(turnEnd({ kind: "done", exitCode: null, cause: "clean" }, true)).toEqual({ stopReason: "cancelled" });
  });

  it("a harness's turn budget is max_turn_requests; any other failure is an error naming its class and message", () => {
    const failure = (cls: "budget" | "rate-limit") => ({
      class: cls,
      retryable: false,
      message: "m",
    });
    expect(turnEnd({ kind: "done", exitCode: 1, cause: "failed", failure: failure("budget") }, false)).toEqual({
      stopReason: "max_turn_requests",
    });
    expect(turnEnd({ kind: "done", exitCode: 1, cause: "limit", failure: failure("rate-limit") }, false)).toEqual({
      error: { message: "the turn failed (rate-limit): m", failure: failure("rate-limit") },
    });
    expect(turnEnd({ kind: "done", exitCode: 137, cause: "crash" }, false)).toEqual({
      error: { message: "the turn ended crash (exit 137)" },
    });
  });
});

describe("prompt text", () => {
  it("joins text, links and embedded text resources, and refuses content hmux did not advertise", () => {
    expect(
      promptText([
        { type: "text", text: "look at" },
        { type: "resource_link", uri: "file:///w/a.ts", name: "a.ts" },
      ]),
    ).toEqual({ ok: true, text: "look at @file:///w/a.ts " });
    const embedded = promptText([{ type: "resource", resource: { uri: "file:///w/b", text: "B" } }]);
    expect(embedded.ok && embedded.text).toContain("B");
    expect(promptText([{ type: "image", data: "", mimeType: "image/png" }]).ok).toBe(false);
    expect(promptText([{ type: "text", text: "  " }])).toEqual({ ok: false, why: "the prompt has no text" });
  });
});
