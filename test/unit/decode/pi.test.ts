import { describe, expect, it } from "vitest";
import { decodeLines, done, ofKind } from "./helpers.js";

const session = { type: "session", version: 3, id: "01a00f4d-9ca1-7cb3-8da7-da314e7ca106", cwd: "/tmp" };
const assistantEnd = (stopReason: string, errorMessage?: string, content: object[] = []) => ({
  type: "message_end",
  message: { role: "assistant", content, stopReason, ...(errorMessage ? { errorMessage } : {}) },
});

/** The record that closes every complete json-mode turn. */
const agentEnd = { type: "agent_end", messages: [] };

describe("pi failure classification (docs/harness-facts.md#pi-failures; pi exits 0 on all of these)", () => {
  const table: [string, string, string][] = [
    ["401", "401 invalid x-api-key", "auth"],
    ["429", "429 Rate limit exceeded", "rate-limit"],
    [
      "429 anthropic body",
      '429 {"type":"error","error":{"type":"rate_limit_error","message":"slow down"}}',
      "rate-limit",
    ],
    ["500", "500 Internal server error (double)", "unavailable"],
    ["503", "503 Service Unavailable", "unavailable"],
    ["connection", "Connection error.", "transport"],
    ["model not found", '404 {"error":{"code":"model_not_found"}}', "unavailable"],
  ];
  for (const [name, errorMessage, cls] of table) {
    it(`${name} is ${cls}`, () => {
      const events = decodeLines(
        "pi",
        [session, { type: "agent_start" }, assistantEnd("error", errorMessage), { type: "agent_end", messages: [] }],
        0,
      );
      const end = done(events);
      expect(end.exitCode).toBe(0);
      expect(end.cause).toBe(cls === "rate-limit" ? "limit" : "failed");
      expect(end.failure).toMatchObject({ class: cls, message: errorMessage });
    });
  }

  it("a leading status becomes httpStatus", () => {
    const events = decodeLines("pi", [session, assistantEnd("error", "401 invalid x-api-key")], 0);
    expect(done(events).failure).toMatchObject({ httpStatus: 401, authKind: "invalid-key" });
  });

  it("an error pi retried away is not a failure", () => {
    const events = decodeLines(
      "pi",
      [
        session,
        { type: "agent_start" },
        assistantEnd("error", "500 Internal server error (double)"),
        { type: "agent_end", messages: [], willRetry: true },
        {
          type: "auto_retry_start",
          attempt: 1,
          maxAttempts: 3,
          delayMs: 500,
          errorMessage: "500 Internal server error (double)",
        },
        { type: "agent_start" },
        assistantEnd("stop", undefined, [{ type: "text", text: "ok" }]),
        { type: "auto_retry_end", success: true, attempt: 1 },
        { type: "agent_end", messages: [] },
        { type: "agent_settled" },
      ],
      0,
    );
    expect(ofKind(events, "error")).toHaveLength(1);
    expect(ofKind(events, "failure")).toEqual([]);
    expect(done(events).cause).toBe("clean");
  });

  it("retries that all fail end with one failure, from auto_retry_end when agent_end says nothing", () => {
    const events = decodeLines(
      "pi",
      [
        session,
        assistantEnd("error", "429 slow down"),
        { type: "agent_end", messages: [] },
        { type: "auto_retry_start", attempt: 1, maxAttempts: 1, delayMs: 1, errorMessage: "429 slow down" },
        assistantEnd("error", "429 slow down"),
        { type: "agent_end", messages: [] },
        { type: "auto_retry_end", success: false, attempt: 1, finalError: "429 slow down" },
      ],
      0,
    );
    expect(ofKind(events, "failure")).toHaveLength(1);
    expect(done(events).failure).toMatchObject({ class: "rate-limit" });
  });

  it("aborted is an error, not a failure", () => {
    const events = decodeLines(
      "pi",
      [session, { type: "agent_start" }, assistantEnd("aborted", "Request was aborted"), agentEnd],
      0,
    );
    expect(ofKind(events, "error")).toEqual([{ kind: "error", message: "Request was aborted" }]);
    expect(done(events).cause).toBe("clean");
  });
});

describe("pi tools and rpc records", () => {
  it("a call blocked by an extension is a denial, not a failure", () => {
    const events = decodeLines(
      "pi",
      [
        session,
        { type: "tool_execution_start", toolCallId: "c1", toolName: "bash", args: { command: "rm -rf /" } },
        {
          type: "tool_execution_end",
          toolCallId: "c1",
          toolName: "bash",
          result: { content: [{ type: "text", text: "Tool execution was blocked" }] },
          isError: true,
        },
        agentEnd,
      ],
      0,
    );
    expect(ofKind(events, "tool")[1]).toEqual({
      kind: "tool",
      phase: "result",
      callId: "c1",
      name: "bash",
      output: "Tool execution was blocked",
      isError: true,
      denied: true,
    });
    expect(done(events).cause).toBe("clean");
  });

  it("a tool error that is not a block is not marked denied", () => {
    const events = decodeLines("pi", [
      session,
      {
        type: "tool_execution_end",
        toolCallId: "c2",
        toolName: "read",
        result: { content: [{ type: "text", text: "ENOENT" }] },
        isError: true,
      },
    ]);
    const tools = ofKind(events, "tool");
    expect(tools[0]).toMatchObject({ phase: "call", callId: "c2", canonical: "read" });
    expect(tools[1]).not.toHaveProperty("denied");
  });

  it("a failed rpc response is an error naming the command", () => {
    const events = decodeLines(
      "pi",
      [{ type: "response", id: "x", command: "steer", success: false, error: "nope" }],
      null,
    );
    expect(ofKind(events, "error")).toEqual([{ kind: "error", message: "rpc command steer failed: nope" }]);
  });

  it("an extension dialog has no rule here and surfaces as unrecognized", () => {
    const record = {
      type: "extension_ui_request",
      id: "u1",
      method: "confirm",
      title: "Allow bash?",
      message: "touch x",
    };
    expect(ofKind(decodeLines("pi", [record], null), "unrecognized")).toEqual([
      { kind: "unrecognized", nativeType: "extension_ui_request:confirm", record },
    ]);
  });

  it("queue updates and compaction are progress", () => {
    const events = decodeLines(
      "pi",
      [
        { type: "queue_update", steering: ["x"], followUp: [] },
        { type: "compaction_start", reason: "threshold" },
      ],
      null,
    );
    expect(ofKind(events, "progress").map((p) => p.label)).toEqual(["queue_update", "compaction_start"]);
  });

  it("an unknown record type surfaces as unrecognized", () => {
    expect(ofKind(decodeLines("pi", [{ type: "mystery" }], null), "unrecognized")[0]?.nativeType).toBe("mystery");
  });
});
