import { describe, expect, it } from "vitest";
import { decodeLines, done, ofKind } from "./helpers.js";

const envelope = (payload: object, payloadType: string) => ({
  schema_version: 1,
  stream: { kind: "session", id: "96a95c12-5616-4cda-a47f-9fdc7b542c7c" },
  payload_type: payloadType,
  payload,
});
const terminal = (terminal: string, reason: string | null, text = "") =>
  envelope({ kind: "run_terminal", terminal, text, reason }, `run.terminal.${terminal}`);

describe("muse", () => {
  it("step exhaustion is a budget failure (muse exits 1)", () => {
    const events = decodeLines("muse", [terminal("failed", "run did not reach a terminal state within 8 steps")], 1);
    expect(done(events)).toMatchObject({ cause: "failed", failure: { class: "budget", retryable: false } });
  });

  it("another failed run is a task failure even though muse exits 0", () => {
    const events = decodeLines("muse", [terminal("failed", "the model refused the task")], 0);
    expect(done(events)).toMatchObject({ cause: "failed", failure: { class: "task" } });
  });

  it("a failed run whose reason is a provider wall is classified by its text", () => {
    const events = decodeLines("muse", [terminal("failed", "provider returned 429 Too Many Requests")], 0);
    expect(done(events).failure).toMatchObject({ class: "rate-limit" });
  });

  it("a tool the policy denied is a denial", () => {
    const events = decodeLines(
      "muse",
      [
        envelope(
          {
            kind: "task_lifecycle",
            event: {
              kind: "side_effect_intent",
              operation: "tool:bash",
              idempotency_key: "tool:call_9",
              policy_decision: "deny:policy",
            },
          },
          "task.lifecycle.side_effect_intent",
        ),
        envelope(
          {
            kind: "tool_result",
            call_id: "call_9",
            text: "denied by policy",
            correlation_facts: { tool_name: "bash", outcome: "denied" },
          },
          "tool.result",
        ),
        terminal("completed", null, "I could not run it."),
      ],
      0,
    );
    expect(ofKind(events, "tool")[1]).toMatchObject({ phase: "result", callId: "call_9", denied: true, isError: true });
    expect(done(events).cause).toBe("clean");
  });

  it("an unknown payload kind surfaces as unrecognized", () => {
    const events = decodeLines("muse", [envelope({ kind: "teleport" }, "run.teleport")], 0);
    expect(ofKind(events, "unrecognized")[0]?.nativeType).toBe("run.teleport");
  });

  it("a caller-assigned session id is recognized", () => {
    const events = decodeLines("muse", [terminal("completed", null, "ok")], 0, {
      context: { requestedSessionId: "96a95c12-5616-4cda-a47f-9fdc7b542c7c" },
    });
    expect(ofKind(events, "identity")[0]).toMatchObject({ authority: "caller-assigned" });
  });
});

describe("cursor (doc-derived shapes)", () => {
  const init = { type: "system", subtype: "init", session_id: "c-1", model: "Composer" };

  it("an is_error result is classified from its text", () => {
    const events = decodeLines(
      "cursor",
      [init, { type: "result", subtype: "error", is_error: true, result: "Connection error: ECONNRESET" }],
      1,
    );
    expect(done(events).failure).toMatchObject({ class: "transport" });
  });

  it("a non-zero exit with only stderr is classified from the stderr tail", () => {
    const events = decodeLines("cursor", [init], 1, { stderr: "Error: something the CLI did not like\n" });
    expect(done(events)).toMatchObject({
      cause: "crash",
      exitCode: 1,
      failure: { class: "native", nativeExitCode: 1 },
    });
  });

  it("a generic function tool parses its JSON arguments", () => {
    const events = decodeLines("cursor", [
      init,
      {
        type: "tool_call",
        subtype: "started",
        call_id: "f1",
        tool_call: { function: { name: "Shell", arguments: '{"command":"ls"}' } },
      },
    ]);
    expect(ofKind(events, "tool")[0]).toEqual({
      kind: "tool",
      phase: "call",
      callId: "f1",
      name: "Shell",
      input: { command: "ls" },
    });
  });

  it("deltas never flushed become one message at the end of the stream", () => {
    const events = decodeLines(
      "cursor",
      [
        init,
        { type: "assistant", message: { content: [{ type: "text", text: "a" }] }, timestamp_ms: 1 },
        { type: "assistant", message: { content: [{ type: "text", text: "b" }] }, timestamp_ms: 2 },
      ],
      0,
    );
    expect(ofKind(events, "message")).toEqual([{ kind: "message", role: "assistant", text: "ab", streamed: true }]);
  });
});
