/**
 * An ACP agent that misbehaves ends its session with a failure naming the agent and what
 * happened, and its process is gone: not installed, exits at start, another protocol version,
 * malformed JSON-RPC, never answering initialize, a flood of updates. Each agent is a tiny script
 * written here (raw JSON lines, or the SDK stand-in told to misbehave).
 */
import { afterAll, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { alive, kindIs, rawAgent, runAgent, scratch } from "./acp-fixture.js";

const place = scratch("hmux-acp-bad-");
afterAll(() => place.remove());

/** The agent's pid, from the stand-in's own report on stderr (raw output). */
const PID_LINE = 'process.stderr.write("pid " + process.pid + "\\n");\n';

/** Reads JSON lines from stdin and calls `on(message, reply)` for each. */
const LINES = `import { createInterface } from "node:readline";
const reply = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
const lines = createInterface({ input: process.stdin });
`;

function pidOf(events: readonly SessionEvent[]): number | undefined {
  const line = events.find((e) => e.kind === "raw" && e.text.startsWith("pid "));
  return line && line.kind === "raw" ? Number(line.text.slice(4)) : undefined;
}

/** The SDK stand-in's pid, from the initialize it logged. */
function standInPid(run: Awaited<ReturnType<typeof runAgent>>): number {
  const pid = run.logged().find((l) => l.initialize)?.pid;
  expect(pid).toEqual(expect.any(Number));
  return pid as number;
}

async function ended(run: Awaited<ReturnType<typeof runAgent>>) {
  const closed = await run.handle.closed;
  const failure = run.events.find(kindIs("failure"));
  return { closed, failure };
}

describe("an ACP agent that misbehaves", () => {
  it("not installed: the session fails to start, naming the agent", async () => {
    const run = await runAgent(place, { name: "absent", command: ["/nowhere/absent-agent", "--acp"] });
    const { failure } = await ended(run);
    expect(failure).toMatchObject({ class: "transport", message: expect.stringContaining("could not start absent") });
  });

  it("exits at start: the failure names the agent, its exit code and its last stderr line", async () => {
    const script = rawAgent(
      place.box,
      "quits",
      'process.stderr.write("no API key configured\\n");\nprocess.exit(3);\n',
    );
    const run = await runAgent(place, { name: "quits", script });
    const { closed } = await ended(run);
    expect(closed).toMatchObject({ cause: "crash", exitCode: 3 });
    expect(closed.failure?.message).toContain("quits");
    expect(closed.failure?.message).toContain("no API key configured");
  });

  it("another protocol version: the failure names both versions and the agent is stopped", async () => {
    const run = await runAgent(place, { name: "future", env: { STAND_IN_PROTOCOL: "2" } });
    const { failure } = await ended(run);
    expect(failure).toMatchObject({
      class: "native",
      message: "future speaks ACP protocol version 2 and hmux speaks version 1; no session was started",
    });
    expect(alive(standInPid(run))).toBe(false);
  });

  it("malformed JSON-RPC: a JSON line that is not JSON-RPC 2.0 ends the session, quoting it", async () => {
    const script = rawAgent(
      place.box,
      "oldrpc",
      `${PID_LINE}${LINES}lines.on("line", (l) => { const m = JSON.parse(l); if (m.method === "initialize") reply({ jsonrpc: "1.0", id: m.id, result: {} }); });\n`,
    );
    const run = await runAgent(place, { name: "oldrpc", script });
    const { failure } = await ended(run);
    expect(failure?.message).toMatch(/^oldrpc sent malformed JSON-RPC \("jsonrpc" is "1.0", not "2.0"\)/);
    const pid = pidOf(run.events);
    expect(pid).toBeDefined();
    expect(alive(pid!)).toBe(false);
  });

  it("malformed JSON-RPC: a stdout line that is not JSON ends the session, quoting it", async () => {
    const script = rawAgent(
      place.box,
      "chatty",
      `${PID_LINE}process.stdout.write("Welcome to chatty!\\n");\nsetInterval(() => {}, 1000);\n`,
    );
    const run = await runAgent(place, { name: "chatty", script });
    const { failure } = await ended(run);
    expect(failure?.message).toContain("chatty wrote a line on stdout that is not a JSON-RPC message");
    expect(failure?.message).toContain("Welcome to chatty!");
    expect(alive(pidOf(run.events)!)).toBe(false);
  });

  it("never answers initialize: a timeout after the handshake budget, and the agent is stopped", async () => {
    const script = rawAgent(place.box, "silent", `${PID_LINE}process.stdin.resume();\nsetInterval(() => {}, 1000);\n`);
    const run = await runAgent(place, { name: "silent", script, limits: { handshakeMs: 400 } });
    const { failure } = await ended(run);
    expect(failure).toMatchObject({
      class: "timeout",
      message: "silent did not answer initialize within its ACP handshake budget of 400 ms",
    });
    expect(alive(pidOf(run.events)!)).toBe(false);
  });

  it("answers initialize but never session/new: the timeout names session/new, and when initialize was answered", async () => {
    const script = rawAgent(
      place.box,
      "halfway",
      `${PID_LINE}${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1 } });
});
setInterval(() => {}, 1000);
`,
    );
    const run = await runAgent(place, { name: "halfway", script, limits: { handshakeMs: 10_000 } });
    const { failure } = await ended(run);
    expect(failure?.class).toBe("timeout");
    expect(failure?.message).toMatch(
      /^halfway did not answer session\/new within its ACP handshake budget of 10 s \(initialize answered after [\d.]+ m?s\)$/,
    );
    expect(alive(pidOf(run.events)!)).toBe(false);
  });

  it("floods updates: past the bound of one turn the session ends, naming the bound, and the agent is stopped", async () => {
    const run = await runAgent(place, { name: "flood", limits: { updatesPerTurn: 50 } });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "flood 5000");
    const { failure } = await ended(run);
    expect(failure).toMatchObject({
      class: "native",
      message: "flood flooded hmux with more than 50 messages in one turn",
    });
    expect(run.events.filter(kindIs("token")).length).toBeLessThanOrEqual(50);
    expect(alive(standInPid(run))).toBe(false);
  });

  it("floods permission requests: past the bound of open requests the session ends, and none is answered allow", async () => {
    const script = rawAgent(
      place.box,
      "asker",
      `${LINES}let sid = "s-1";
lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1, agentCapabilities: {} } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, result: { sessionId: sid } });
  if (m.method === "session/prompt")
    for (let i = 0; i < 200; i++)
      reply({ jsonrpc: "2.0", id: "ask-" + i, method: "session/request_permission", params: { sessionId: sid,
        toolCall: { toolCallId: "c" + i, title: "rm " + i, kind: "execute", rawInput: { command: "rm " + i } },
        options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }, { optionId: "no", name: "Reject", kind: "reject_once" }] } });
  if (m.id !== undefined && m.method === undefined && m.result?.outcome?.optionId === "ok") process.stderr.write("ALLOWED " + m.id + "\\n");
});
`,
    );
    const run = await runAgent(place, { name: "asker", script, approvals: "ask", limits: { openPermissions: 8 } });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "go");
    const { failure } = await ended(run);
    expect(failure).toMatchObject({ message: "asker flooded hmux with more than 8 permission requests open at once" });
    expect(run.events.some((e) => e.kind === "raw" && e.text.startsWith("ALLOWED"))).toBe(false);
  });

  it("answers and quits at once (its last line unterminated): its last updates and its turn's end are reported before its exit", async () => {
    const script = rawAgent(
      place.box,
      "abrupt",
      `${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1 } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, result: { sessionId: "a-1" } });
  if (m.method === "session/prompt") {
    const chunk = (t) => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "a-1", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: t } } } });
    process.stdout.write([chunk("last "), chunk("words"), { jsonrpc: "2.0", id: m.id, result: { stopReason: "end_turn" } }].map((x) => JSON.stringify(x)).join("\\n"), () => process.exit(0));
  }
});
`,
    );
    const run = await runAgent(place, { name: "abrupt", script });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "go");
    const { closed } = await ended(run);
    expect(run.events.find(kindIs("message"))).toMatchObject({ text: "last words" });
    expect(run.events.find(kindIs("done"))).toMatchObject({ cause: "clean" });
    expect(closed).toMatchObject({ cause: "crash", exitCode: 0 });
  });

  it("an update ACP's schema refuses is not lost unseen: the turn says how many were dropped", async () => {
    const script = rawAgent(
      place.box,
      "sloppy",
      `${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1 } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, result: { sessionId: "s-1" } });
  if (m.method === "session/prompt") {
    const update = (u) => ({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "s-1", update: u } });
    reply(update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "fine" } }));
    reply(update({ sessionUpdate: "agent_message_chunk" }));
    reply(update({ sessionUpdate: "tool_call", title: "no id" }));
    reply({ jsonrpc: "2.0", id: m.id, result: { stopReason: "end_turn" } });
  }
});
`,
    );
    const run = await runAgent(place, { name: "sloppy", script });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "go");
    await run.waitFor(kindIs("done"), "the turn's done");
    await run.handle.close();
    expect(run.events.find(kindIs("message"))).toMatchObject({ text: "fine" });
    expect(run.events.find(kindIs("error"))).toMatchObject({
      message: "sloppy sent 2 session/update notifications that ACP's schema refuses; they were not shown",
    });
  });

  it("wants a login: an auth failure naming the agent, and no session", async () => {
    const script = rawAgent(
      place.box,
      "locked",
      `${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1, authMethods: [{ id: "login", name: "Log in" }] } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, error: { code: -32000, message: "Authentication required" } });
});
`,
    );
    const run = await runAgent(place, { name: "locked", script });
    const { failure } = await ended(run);
    expect(failure).toMatchObject({
      class: "auth",
      message: "locked answered the handshake with error -32000: Authentication required",
    });
  });

  it("a permission request for another session is answered cancelled and shown, never decided", async () => {
    const script = rawAgent(
      place.box,
      "crossed",
      `${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1 } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, result: { sessionId: "mine" } });
  if (m.method === "session/prompt") {
    reply({ jsonrpc: "2.0", id: "ask-1", method: "session/request_permission", params: { sessionId: "someone-else",
      toolCall: { toolCallId: "x1", title: "rm -rf /", kind: "execute" }, options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }] } });
    lines.once("line", (answer) => {
      process.stderr.write("ANSWER " + answer + "\\n");
      reply({ jsonrpc: "2.0", id: m.id, result: { stopReason: "end_turn" } });
    });
  }
});
`,
    );
    const run = await runAgent(place, { name: "crossed", script, approvals: "ask" });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "go");
    await run.waitFor(kindIs("done"), "the turn's done");
    await run.handle.close();
    const answer = run.events.find((e) => e.kind === "raw" && e.text.startsWith("ANSWER"));
    expect(answer && answer.kind === "raw" ? JSON.parse(answer.text.slice(7)).result : null).toEqual({
      outcome: { outcome: "cancelled" },
    });
    expect(run.events.some((e) => e.kind === "approval-request")).toBe(false);
    expect(run.events.find(kindIs("unrecognized"))).toMatchObject({
      nativeType: "session/request_permission for another session",
    });
  });

  it("withdraws a permission request ($/cancel_request): the call leaves the decider's list and is answered cancelled", async () => {
    const script = rawAgent(
      place.box,
      "fickle",
      `${LINES}lines.on("line", (l) => {
  const m = JSON.parse(l);
  if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, result: { protocolVersion: 1 } });
  if (m.method === "session/new") reply({ jsonrpc: "2.0", id: m.id, result: { sessionId: "f-1" } });
  if (m.method === "session/prompt") {
    reply({ jsonrpc: "2.0", id: "ask-1", method: "session/request_permission", params: { sessionId: "f-1",
      toolCall: { toolCallId: "w1", title: "rm junk", kind: "execute", rawInput: { command: "rm junk" } },
      options: [{ optionId: "ok", name: "Allow", kind: "allow_once" }, { optionId: "no", name: "Reject", kind: "reject_once" }] } });
    setTimeout(() => reply({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: "ask-1" } }), 300);
    lines.once("line", (answer) => {
      process.stderr.write("ANSWER " + answer + "\\n");
      reply({ jsonrpc: "2.0", id: m.id, result: { stopReason: "end_turn" } });
    });
  }
});
`,
    );
    const run = await runAgent(place, { name: "fickle", script, approvals: "ask" });
    await run.waitFor(kindIs("identity"), "the identity");
    await run.handle.send("s1", "go");
    await run.waitFor(kindIs("done"), "the turn's done");
    await run.handle.close();
    expect(run.events.find(kindIs("approval-request"))).toMatchObject({ call: { callId: "w1" } });
    expect(run.events.find(kindIs("approval-cleared"))).toMatchObject({ callId: "w1", reason: "native-resolved" });
    expect(run.events.some((e) => e.kind === "approval-disposition" || e.kind === "unrecognized")).toBe(false);
    const answer = run.events.find((e) => e.kind === "raw" && e.text.startsWith("ANSWER"));
    expect(answer && answer.kind === "raw" ? JSON.parse(answer.text.slice(7)) : null).toMatchObject({
      id: "ask-1",
      result: { outcome: { outcome: "cancelled" } },
    });
  });

  it("an error answer to initialize names the agent and the error", async () => {
    const script = rawAgent(
      place.box,
      "refuses",
      `${LINES}lines.on("line", (l) => { const m = JSON.parse(l); if (m.method === "initialize") reply({ jsonrpc: "2.0", id: m.id, error: { code: -32022, message: "Unsupported protocol version" } }); });\n`,
    );
    const run = await runAgent(place, { name: "refuses", script });
    const { failure } = await ended(run);
    expect(failure?.message).toBe("refuses does not speak ACP protocol version 1 (Unsupported protocol version)");
  });
});
