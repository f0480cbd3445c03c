import { describe, expect, it } from "vitest";
import { decodeLines, done, ofKind } from "./helpers.js";

const started = { type: "thread.started", thread_id: "019fee32-d4af-78d3-9ec9-0e59b10baf60" };
const turnStarted = { type: "turn.started" };
const completed = { type: "turn.completed", usage: { input_tokens: 10, cached_input_tokens: 2, output_tokens: 3 } };

/** The documented failure shape (docs/harness-facts.md#codex-failures): top-level error, then turn.failed with the same text. */
function failed(message: string) {
  return [started, turnStarted, { type: "error", message }, { type: "turn.failed", error: { message } }];
}

describe("codex failure classification (docs/harness-facts.md#codex-failures)", () => {
  const table: [string, string, string][] = [
    ["401", "unexpected status 401 Unauthorized: invalid x-api-key, url: http://127.0.0.1:4010/v1/responses", "auth"],
    ["429", "exceeded retry limit, last status: 429 Too Many Requests", "rate-limit"],
    [
      "500 high demand",
      "We\u2019re currently experiencing high demand, which may cause temporary errors.",
      "unavailable",
    ],
    ["dropped stream", "stream disconnected before completion: error sending request", "transport"],
    ["idle SSE", "stream disconnected before completion: idle timeout waiting for SSE", "stall"],
  ];
  for (const [name, message, cls] of table) {
    it(`${name} is ${cls}`, () => {
      const events = decodeLines("codex", failed(message), 1);
      const end = done(events);
      expect(end.cause).toBe(cls === "rate-limit" ? "limit" : "failed");
      expect(end.failure).toMatchObject({ class: cls, message });
      expect(ofKind(events, "failure")).toHaveLength(1);
    });
  }

  it("401 keeps the status found in the text", () => {
    expect(
      done(decodeLines("codex", failed("unexpected status 401 Unauthorized: invalid x-api-key"), 1)).failure,
    ).toMatchObject({ class: "auth", httpStatus: 401, authKind: "invalid-key" });
  });

  it("429 is a rate-limit code", () => {
    expect(
      done(decodeLines("codex", failed("exceeded retry limit, last status: 429 Too Many Requests"), 1)).failure,
    ).toMatchObject({ class: "rate-limit", code: "rate-limit", retryable: true });
  });

  it("endless reconnect notices, then a watchdog kill, end as a transport failure plus the stall", () => {
    const notice = {
      type: "error",
      message: "Reconnecting... waiting for network (Connection failed: error sending request)",
    };
    const events = decodeLines("codex", [started, turnStarted, notice, notice, notice], null);
    expect(ofKind(events, "error")).toHaveLength(3);
    // The stream alone (no exit, no watchdog): the pending reconnect failure is reported at the end.
    expect(done(events)).toMatchObject({ cause: "failed", failure: { class: "transport" } });
  });

  it("a reconnect notice followed by a completed turn is clean", () => {
    const notice = {
      type: "error",
      message: "Reconnecting... waiting for network (Connection failed: error sending request)",
    };
    const events = decodeLines(
      "codex",
      [
        started,
        turnStarted,
        notice,
        { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "ok" } },
        completed,
      ],
      0,
    );
    expect(ofKind(events, "failure")).toEqual([]);
    expect(done(events).cause).toBe("clean");
  });
});

describe("codex items", () => {
  it("benign error items are error events, and the turn stays clean", () => {
    const events = decodeLines(
      "codex",
      [
        started,
        turnStarted,
        {
          type: "item.completed",
          item: {
            id: "item_0",
            type: "error",
            message: "Model metadata for `double-model` not found. Defaulting to fallback metadata.",
          },
        },
        { type: "item.completed", item: { id: "item_1", type: "agent_message", text: "hi" } },
        completed,
      ],
      0,
    );
    expect(ofKind(events, "failure")).toEqual([]);
    expect(done(events).cause).toBe("clean");
  });

  it("a failed command is a failed tool, not a failed turn", () => {
    const cmd = { id: "item_2", type: "command_execution", command: "/bin/bash -lc 'touch /opt/x'" };
    const events = decodeLines(
      "codex",
      [
        started,
        { type: "item.started", item: { ...cmd, aggregated_output: "", exit_code: null, status: "in_progress" } },
        {
          type: "item.completed",
          item: { ...cmd, aggregated_output: "touch: Read-only file system\n", exit_code: 1, status: "failed" },
        },
        completed,
      ],
      0,
    );
    expect(ofKind(events, "tool")[1]).toMatchObject({ phase: "result", callId: "item_2", isError: true, exitCode: 1 });
    expect(done(events).cause).toBe("clean");
  });

  it("a declined command is a denial", () => {
    const cmd = {
      id: "item_3",
      type: "command_execution",
      command: "rm -rf /",
      aggregated_output: "",
      exit_code: null,
      status: "declined",
    };
    const events = decodeLines("codex", [started, { type: "item.completed", item: cmd }, completed], 0);
    const tools = ofKind(events, "tool");
    expect(tools[0]).toMatchObject({ phase: "call", callId: "item_3", canonical: "shell" });
    expect(tools[1]).toMatchObject({ phase: "result", denied: true, isError: true });
    expect(done(events).cause).toBe("clean");
  });

  it("mcp calls and web searches are tools", () => {
    const events = decodeLines("codex", [
      started,
      {
        type: "item.started",
        item: {
          id: "item_4",
          type: "mcp_tool_call",
          server: "docs",
          tool: "lookup",
          arguments: { q: "x" },
          status: "in_progress",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_4",
          type: "mcp_tool_call",
          server: "docs",
          tool: "lookup",
          arguments: { q: "x" },
          result: { content: [] },
          status: "completed",
        },
      },
      { type: "item.started", item: { id: "item_5", type: "web_search", query: "vitest projects" } },
      { type: "item.completed", item: { id: "item_5", type: "web_search", query: "vitest projects" } },
      completed,
    ]);
    expect(
      ofKind(events, "tool").map((t) => `${t.phase}:${t.name}:${"canonical" in t ? (t.canonical ?? "") : ""}`),
    ).toEqual(["call:docs.lookup:", "result:docs.lookup:", "call:web_search:web-search", "result:web_search:"]);
  });

  it("reasoning is a thinking message", () => {
    const events = decodeLines("codex", [
      started,
      { type: "item.completed", item: { id: "item_0", type: "reasoning", text: "**Planning**" } },
    ]);
    expect(ofKind(events, "message")).toEqual([
      { kind: "message", role: "assistant", text: "**Planning**", thinking: true },
    ]);
  });

  it("an unknown record or item type surfaces as unrecognized", () => {
    const events = decodeLines("codex", [
      started,
      { type: "thread.forked", x: 1 },
      { type: "item.completed", item: { id: "i", type: "hologram" } },
    ]);
    expect(ofKind(events, "unrecognized").map((u) => u.nativeType)).toEqual([
      "thread.forked",
      "item.completed:hologram",
    ]);
  });

  it("a resumed thread that matches the requested id is caller-assigned", () => {
    const events = decodeLines("codex", [started], 0, { context: { requestedSessionId: started.thread_id } });
    expect(ofKind(events, "identity")[0]).toMatchObject({ authority: "caller-assigned" });
  });
});
