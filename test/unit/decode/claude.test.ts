import { describe, expect, it } from "vitest";
import { decodeLines, done, ofKind } from "./helpers.js";

const SID = "11111111-2222-4333-8444-555555555555";
const init = { type: "system", subtype: "init", session_id: SID, model: "claude-opus-4-8" };
/** The record every complete -p turn ends with. */
const okResult = { type: "result", subtype: "success", is_error: false, result: "ok", session_id: SID };

/** The documented failure shape (docs/harness-facts.md#claude-failures): api_retry, synthetic assistant, result success+is_error. */
function apiFailure(status: number | null, error: string, text: string) {
  return [
    init,
    {
      type: "system",
      subtype: "api_retry",
      attempt: 1,
      max_retries: 1,
      retry_delay_ms: 500,
      error_status: status,
      error,
    },
    {
      type: "assistant",
      message: { model: "<synthetic>", role: "assistant", content: [{ type: "text", text }] },
      error,
    },
    { type: "result", subtype: "success", is_error: true, api_error_status: status, result: text, session_id: SID },
  ];
}

describe("claude failure classification (docs/harness-facts.md#claude-failures)", () => {
  const table: [string, number | null, string, string, string][] = [
    ["401", 401, "authentication_failed", "Invalid API key · Fix external API key", "auth"],
    ["429", 429, "rate_limit", "API Error: Request rejected (429) · Too Many Requests", "rate-limit"],
    [
      "500",
      500,
      "server_error",
      "API Error: 500 Internal server error · check your inference gateway (127.0.0.1:4010)",
      "unavailable",
    ],
    ["529", 529, "overloaded", "API Error: 529 Overloaded", "unavailable"],
    ["ECONNRESET", null, "server_error", "API Error: Unable to connect to API (ECONNRESET)", "transport"],
    ["ConnectionRefused", null, "server_error", "API Error: Unable to connect to API (ConnectionRefused)", "transport"],
    ["timeout", null, "server_error", "Request timed out", "transport"],
  ];
  for (const [name, status, error, text, cls] of table) {
    it(`${name} is ${cls}, though result.subtype says success`, () => {
      const events = decodeLines("claude", apiFailure(status, error, text), 1);
      const end = done(events);
      expect(end.cause).toBe(cls === "rate-limit" ? "limit" : "failed");
      expect(end.failure?.class).toBe(cls);
      expect(end.failure?.message).toBe(text);
      if (status !== null) expect(end.failure?.httpStatus).toBe(status);
    });
  }

  it("401 carries the auth kind its text names", () => {
    expect(
      done(decodeLines("claude", apiFailure(401, "authentication_failed", "Invalid API key · Fix external API key"), 1))
        .failure,
    ).toMatchObject({ class: "auth", authKind: "invalid-key", retryable: false });
  });

  it("the synthetic assistant is an error notice, never an assistant message", () => {
    const events = decodeLines("claude", apiFailure(500, "server_error", "API Error: 500 boom"), 1);
    expect(ofKind(events, "message")).toEqual([]);
    expect(ofKind(events, "error")[0]).toEqual({ kind: "error", message: "API Error: 500 boom" });
  });

  it("api_retry is progress with its status", () => {
    const events = decodeLines("claude", apiFailure(429, "rate_limit", "API Error: Request rejected (429)"), 1);
    expect(ofKind(events, "progress")).toContainEqual({
      kind: "progress",
      label: "api_retry",
      detail: "attempt 1/1: 429 rate_limit",
    });
  });

  it.each([
    ["Not logged in · Please run /login", { class: "auth", authKind: "not-logged-in" }],
    ["Invalid API key · Please run /login", { class: "auth", authKind: "invalid-key" }],
    ["OAuth token has expired", { class: "auth", authKind: "expired" }],
    ["Credit balance is too low", { class: "quota", code: "credits" }],
  ])("a result saying %j classifies as %o", (text, expected) => {
    const events = decodeLines(
      "claude",
      [init, { type: "result", subtype: "success", is_error: true, result: text }],
      1,
    );
    expect(done(events).failure).toMatchObject({ ...expected, message: text });
  });

  it("error_max_turns without a provider error is a budget failure", () => {
    const events = decodeLines(
      "claude",
      [init, { type: "result", subtype: "error_max_turns", is_error: true, session_id: SID }],
      1,
    );
    expect(done(events).failure).toMatchObject({ class: "budget", retryable: false });
  });

  it("an interrupted turn is not a failure", () => {
    const events = decodeLines(
      "claude",
      [
        init,
        { type: "user", message: { role: "user", content: [{ type: "text", text: "[Request interrupted by user]" }] } },
        { type: "result", subtype: "error_during_execution", is_error: true, session_id: SID },
      ],
      0,
    );
    expect(ofKind(events, "failure")).toEqual([]);
    expect(done(events).cause).toBe("clean");
  });

  it("claude's own interruption marker is not shown as something the user typed, in either spelling", () => {
    for (const content of [
      "[Request interrupted by user]",
      [{ type: "text", text: "[Request interrupted by user for tool use]" }],
    ]) {
      const events = decodeLines("claude", [init, { type: "user", message: { role: "user", content } }, okResult], 0);
      expect(ofKind(events, "message").filter((m) => m.role === "user")).toEqual([]);
      expect(ofKind(events, "progress")).toContainEqual(expect.objectContaining({ label: "interrupted" }));
    }
  });
});

describe("claude rate_limit_event", () => {
  const event = (status: string, extra: object = {}) => ({
    type: "rate_limit_event",
    rate_limit_info: { status, resetsAt: 1787306400, rateLimitType: "five_hour", ...extra },
  });

  it("allowed_warning is not a failure", () => {
    const events = decodeLines("claude", [init, event("allowed_warning", { utilization: 0.8 }), okResult], 0);
    expect(ofKind(events, "failure")).toEqual([]);
    expect(ofKind(events, "limit")).toEqual([]);
    expect(done(events).cause).toBe("clean");
    expect(ofKind(events, "progress")).toContainEqual({
      kind: "progress",
      label: "rate-limit-warning",
      detail: "allowed_warning five_hour",
    });
  });

  it("allowed with overage rejected is not a failure", () => {
    const events = decodeLines("claude", [init, event("allowed", { overageStatus: "rejected" }), okResult], 0);
    expect(done(events).cause).toBe("clean");
  });

  it("rejected is a limit wall with the reset time in epoch ms", () => {
    const events = decodeLines("claude", [init, event("rejected")], 0);
    expect(ofKind(events, "limit")).toEqual([
      {
        kind: "limit",
        code: "session-limit",
        message: "claude rate limit rejected (five_hour)",
        resetsAt: 1787306400000,
      },
    ]);
    const end = done(events);
    expect(end.cause).toBe("limit");
    expect(end.failure).toMatchObject({
      class: "usage-limit",
      code: "session-limit",
      resetsAt: 1787306400000,
      retryable: true,
    });
  });

  it("a rejection without a reset time carries none", () => {
    const events = decodeLines(
      "claude",
      [init, { type: "rate_limit_event", rate_limit_info: { status: "rejected" } }],
      0,
    );
    expect(done(events).failure).toMatchObject({ class: "rate-limit", code: "rate-limit" });
    expect(done(events).failure?.resetsAt).toBeUndefined();
  });
});

describe("claude tools and denials", () => {
  const toolUse = {
    type: "assistant",
    message: {
      role: "assistant",
      content: [{ type: "tool_use", id: "toolu_01", name: "Bash", input: { command: "touch x" } }],
    },
  };
  const toolResult = (text: string, isError: boolean) => ({
    type: "user",
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01", content: text, is_error: isError }],
    },
  });
  const ok = {
    type: "result",
    subtype: "success",
    is_error: false,
    session_id: SID,
    permission_denials: [{ tool_name: "Bash", tool_use_id: "toolu_01" }],
  };

  it("a tool_use is a call with the native id, native name and canonical name", () => {
    expect(ofKind(decodeLines("claude", [init, toolUse]), "tool")[0]).toEqual({
      kind: "tool",
      phase: "call",
      callId: "toolu_01",
      name: "Bash",
      canonical: "shell",
      input: { command: "touch x" },
    });
  });

  for (const text of [
    "Permission to use Bash has been denied.",
    "Permission to use Bash has been denied because Claude Code is running in don't ask mode.",
    "Claude requested permissions to write to /opt/x, but you haven't granted it yet.",
    "touch in '/work/created.txt' was blocked. For security, Claude Code may only create or modify files in the allowed working directories for this session.",
    "The user doesn't want to proceed with this tool use. The tool use was rejected.",
    // 2.1.197 on the scripted model, a compound command without a grant for every part:
    "This Bash command contains multiple operations. The following part requires approval: echo hi; ls /work/main",
    // 2.1.332 on the scripted model, a write outside the working directories in default mode:
    "touch in '/opt/hmux-denied.txt' needs approval. The path is outside the working directories for this session ('/tmp/w'). Allowing runs the command as written.",
    // 2.1.332's binary, a rule's deny and a refused auto-mode call:
    "Permission for this action has been denied. Reason: matches a deny rule",
    "Bash(rm -rf /) has been denied by your rule Bash(rm:*)",
  ]) {
    it(`a denial is not a failure: ${text.slice(0, 40)}…`, () => {
      const events = decodeLines("claude", [init, toolUse, toolResult(text, true), ok], 0);
      expect(ofKind(events, "tool")[1]).toEqual({
        kind: "tool",
        phase: "result",
        callId: "toolu_01",
        output: text,
        isError: true,
        denied: true,
      });
      expect(ofKind(events, "failure")).toEqual([]);
      expect(done(events).cause).toBe("clean");
      expect(ofKind(events, "progress")).toContainEqual({
        kind: "progress",
        label: "permission-denied",
        detail: "Bash toolu_01",
      });
    });
  }

  it("a call whose permission request was cut off by a halt reads as not run, never as claude's raw AbortError", () => {
    for (const raw of [
      "Tool permission request failed: AbortError: Tool permission stream closed before response received",
      "Tool permission request failed: AbortError: Stream closed",
    ]) {
      const result = ofKind(decodeLines("claude", [init, toolUse, toolResult(raw, true)]), "tool")[1];
      expect(result).toMatchObject({ isError: true, denied: true });
      expect(result).toHaveProperty("output", "not run: the session was halted while this call waited for a decision");
    }
  });

  it("an ordinary tool error is an error result, not a denial", () => {
    const events = decodeLines("claude", [
      init,
      toolUse,
      toolResult("touch: cannot touch 'x': Read-only file system", true),
    ]);
    expect(ofKind(events, "tool")[1]).toMatchObject({ isError: true });
    expect(ofKind(events, "tool")[1]).not.toHaveProperty("denied");
  });

  it("array tool_result content is joined text", () => {
    const events = decodeLines("claude", [
      init,
      toolUse,
      {
        type: "user",
        message: {
          content: [
            {
              type: "tool_result",
              tool_use_id: "toolu_01",
              content: [
                { type: "text", text: "a" },
                { type: "text", text: "b" },
              ],
            },
          ],
        },
      },
    ]);
    expect(ofKind(events, "tool")[1]).toMatchObject({ output: "ab", isError: false });
  });
});

describe("claude identity, tokens and unknowns", () => {
  it("a requested id that claude confirms is caller-assigned", () => {
    const events = decodeLines("claude", [init], 0, { context: { requestedSessionId: SID } });
    expect(ofKind(events, "identity")[0]).toMatchObject({ authority: "caller-assigned", sessionId: SID });
  });

  it("a different id than requested is reported as a rotation", () => {
    const events = decodeLines("claude", [init], 0, {
      context: { requestedSessionId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(ofKind(events, "error")[0]?.message).toMatch(/^identity rotated/);
    expect(ofKind(events, "identity")[0]).toMatchObject({ authority: "harness-minted", sessionId: SID });
  });

  it("a re-announced init is not a second identity", () => {
    const events = decodeLines("claude", [init, init, init]);
    expect(ofKind(events, "identity")).toHaveLength(1);
    expect(ofKind(events, "progress").filter((p) => p.label === "identity-repeat")).toHaveLength(2);
  });

  it("a garbage session id is an error, not an identity", () => {
    const events = decodeLines("claude", [{ type: "system", subtype: "init", session_id: 42 }]);
    expect(ofKind(events, "identity")).toEqual([]);
    expect(ofKind(events, "error")[0]?.message).toMatch(/^identity malformed/);
  });

  it("thinking deltas are flagged tokens and the thinking block a flagged message", () => {
    const events = decodeLines("claude", [
      init,
      {
        type: "stream_event",
        event: { type: "content_block_delta", index: 0, delta: { type: "thinking_delta", thinking: "hmm" } },
      },
      { type: "assistant", message: { content: [{ type: "thinking", thinking: "hmm" }] } },
      { type: "assistant", message: { content: [{ type: "text", text: "done" }] } },
    ]);
    expect(ofKind(events, "token")).toEqual([{ kind: "token", text: "hmm", thinking: true }]);
    expect(ofKind(events, "message")).toEqual([
      { kind: "message", role: "assistant", text: "hmm", thinking: true, streamed: true },
      { kind: "message", role: "assistant", text: "done" },
    ]);
  });

  it("a record type with no rule surfaces as unrecognized", () => {
    const record = { type: "brand_new_event", payload: 1 };
    expect(ofKind(decodeLines("claude", [init, record]), "unrecognized")).toEqual([
      { kind: "unrecognized", nativeType: "brand_new_event", record },
    ]);
  });

  it("a non-JSON stdout line is raw; limit wording in it is a wall", () => {
    const events = decodeLines("claude", [init, "You've hit your limit · resets 2pm (Europe/Berlin)"], 1);
    expect(ofKind(events, "raw")[0]).toEqual({
      kind: "raw",
      stream: "stdout",
      text: "You've hit your limit · resets 2pm (Europe/Berlin)",
    });
    expect(done(events)).toMatchObject({ cause: "limit", failure: { class: "usage-limit", code: "usage-limit" } });
  });

  it("CRLF lines (pty output) decode the same", () => {
    const text = `${[
      JSON.stringify(init),
      JSON.stringify({ type: "assistant", message: { content: [{ type: "text", text: "hi" }] } }),
    ].join("\r\n")}\r\n`;
    const events = decodeLines("claude", [text]);
    expect(ofKind(events, "message")[0]?.text).toBe("hi");
    expect(ofKind(events, "raw")).toEqual([]);
  });
});
