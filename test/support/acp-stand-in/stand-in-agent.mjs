#!/usr/bin/env node
/**
 * A stand-in ACP agent for hmux's tests, on the official SDK's agent side over stdio. What it does
 * depends on the first word of the prompt's last line (hmux may put a preamble before it):
 *   hello            → two message chunks, a thought, a plan and a usage update, end_turn
 *   run <command>    → an execute tool call, a permission request (allow_once, allow_always,
 *                      reject_once), then the call completes or fails as answered
 *   read <path>      → a read tool call at <path>, asked the same way
 *   wait             → a permission request it never follows up, then waits for session/cancel
 *   flood <n>        → n message chunks, then end_turn
 *   slow             → after 300 ms, one chunk, then end_turn
 *   malformed        → a session/update ACP's schema refuses (written past the SDK), one chunk, end_turn
 *   ask <form>       → an elicitation/create with one of FORMS (pick, confirm, text, number), then a
 *                      chunk saying the answer as JSON, end_turn
 *   ask-twice        → two elicitations at once (text, then confirm), each answer logged, end_turn
 * It appends every permission and elicitation answer, the initialize request it got (with its pid) and each prompt's start and
 * end to $STAND_IN_LOG (JSON lines), so a test can check the option ids hmux chose, the
 * capabilities it advertised and that prompts never overlapped.
 * STAND_IN_PROTOCOL overrides the protocol version it answers with; STAND_IN_RESUME offers session/resume.
 */
import { appendFileSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { agent, ndJsonStream, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";

const log = (entry) => {
  if (process.env.STAND_IN_LOG) appendFileSync(process.env.STAND_IN_LOG, `${JSON.stringify(entry)}\n`);
};
const protocolVersion = process.env.STAND_IN_PROTOCOL ? Number(process.env.STAND_IN_PROTOCOL) : PROTOCOL_VERSION;
const sessions = new Map();
let next = 0;

const OPTIONS = [
  { optionId: "yes-once", name: "Allow once", kind: "allow_once" },
  { optionId: "yes-always", name: "Always allow", kind: "allow_always" },
  { optionId: "no-once", name: "Reject", kind: "reject_once" },
];

/** The forms `ask` sends: a claude-acp-like pick with an "Other" companion, a yes/no, free text, a number. */
const FORMS = {
  pick: {
    message: "Which database?",
    requestedSchema: {
      type: "object",
      properties: {
        question_0: {
          type: "string",
          title: "Database",
          oneOf: [
            { const: "pg", title: "Postgres" },
            { const: "lite", title: "SQLite" },
          ],
          default: "lite",
        },
        question_0_custom: { type: "string", title: "Other" },
      },
    },
  },
  confirm: {
    message: "Delete the build folder?",
    requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
  },
  text: {
    message: "What should the branch be called?",
    requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
  number: {
    message: "How many workers?",
    requestedSchema: { type: "object", properties: { count: { type: "integer" } }, required: ["count"] },
  },
};

const say = (client, sessionId, update) => client.notify("session/update", { sessionId, update });
const text = (t) => ({ type: "text", text: t });

async function gatedCall(client, sessionId, signal, call) {
  await say(client, sessionId, { sessionUpdate: "tool_call", status: "pending", ...call });
  const answer = await client.request("session/request_permission", {
    sessionId,
    toolCall: { toolCallId: call.toolCallId },
    options: OPTIONS,
  });
  log({ permission: call.toolCallId, outcome: answer.outcome });
  if (answer.outcome.outcome === "cancelled" || signal.aborted) return "cancelled";
  const allowed = OPTIONS.find((o) => o.optionId === answer.outcome.optionId)?.kind.startsWith("allow");
  await say(client, sessionId, {
    sessionUpdate: "tool_call_update",
    toolCallId: call.toolCallId,
    status: allowed ? "completed" : "failed",
    content: [{ type: "content", content: text(allowed ? `did ${call.title}` : "the user refused") }],
  });
  await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text(allowed ? "allowed" : "denied") });
  return "end_turn";
}

const app = agent({ name: "stand-in" })
  .onRequest("initialize", ({ params }) => {
    log({ initialize: params, pid: process.pid });
    return {
      protocolVersion,
      agentCapabilities: {
        loadSession: true,
        ...(process.env.STAND_IN_RESUME ? { sessionCapabilities: { resume: {} } } : {}),
      },
      agentInfo: { name: "stand-in", version: "1.0.0" },
      authMethods: [],
    };
  })
  .onRequest("session/new", ({ params }) => {
    const sessionId = `stand-in-${++next}`;
    sessions.set(sessionId, { cwd: params.cwd, cancel: null });
    log({ newSession: params.cwd });
    return { sessionId };
  })
  .onRequest("session/load", async ({ params, client }) => {
    sessions.set(params.sessionId, { cwd: params.cwd, cancel: null });
    log({ loadSession: params.sessionId });
    await say(client, params.sessionId, { sessionUpdate: "agent_message_chunk", content: text("from before") });
    return {};
  })
  .onRequest("session/resume", ({ params }) => {
    sessions.set(params.sessionId, { cwd: params.cwd, cancel: null });
    log({ resumeSession: params.sessionId });
    return {};
  })
  .onNotification("session/cancel", ({ params }) => {
    sessions.get(params.sessionId)?.cancel?.();
  })
  .onRequest("session/prompt", async ({ params, client, signal }) => {
    const { sessionId } = params;
    const session = sessions.get(sessionId);
    // The last line is the ask: hmux may put its preamble before it.
    const words = params.prompt
      .map((b) => b.text ?? "")
      .join("\n")
      .trim()
      .split("\n")
      .at(-1)
      .trim()
      .split(/\s+/);
    const cancelled = new Promise((resolve) => {
      session.cancel = () => resolve("cancelled");
    });
    const [first, ...rest] = words;
    log({ promptStart: first });
    try {
      return await answer(first, rest, client, sessionId, signal, cancelled);
    } finally {
      log({ promptEnd: first });
    }
  });

async function answer(first, rest, client, sessionId, signal, cancelled) {
  if (first === "malformed") {
    // Past the SDK, which would refuse to send it: an update kind no ACP version has.
    const update = { sessionUpdate: "no_such_update", content: 42 };
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update } })}\n`,
    );
    await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text("after the bad one") });
    return { stopReason: "end_turn" };
  }
  if (first === "slow") {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text("slept") });
    return { stopReason: "end_turn" };
  }
  if (first === "run")
    return {
      stopReason: await gatedCall(client, sessionId, signal, {
        toolCallId: `call-${++next}`,
        title: `run ${rest.join(" ")}`,
        kind: "execute",
        rawInput: { command: rest.join(" ") },
      }),
    };
  if (first === "read")
    return {
      stopReason: await gatedCall(client, sessionId, signal, {
        toolCallId: `call-${++next}`,
        title: `read ${rest[0]}`,
        kind: "read",
        locations: [{ path: rest[0] }],
        rawInput: {},
      }),
    };
  if (first === "wait") {
    const call = {
      toolCallId: `call-${++next}`,
      title: "run sleep",
      kind: "execute",
      rawInput: { command: "sleep 100" },
    };
    await say(client, sessionId, { sessionUpdate: "tool_call", status: "pending", ...call });
    const asked = client
      .request("session/request_permission", {
        sessionId,
        toolCall: { toolCallId: call.toolCallId },
        options: OPTIONS,
      })
      .then((answer) => log({ permission: call.toolCallId, outcome: answer.outcome }));
    const stop = await cancelled;
    await asked;
    return { stopReason: stop };
  }
  if (first === "ask") {
    const answered = await client.request("elicitation/create", { mode: "form", sessionId, ...FORMS[rest[0]] });
    log({ elicitation: rest[0], answer: answered });
    await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text(JSON.stringify(answered)) });
    return { stopReason: "end_turn" };
  }
  if (first === "ask-twice") {
    const ask = (form) =>
      client
        .request("elicitation/create", { mode: "form", sessionId, ...FORMS[form] })
        .then((answer) => log({ elicitation: form, answer }));
    await Promise.all([ask("text"), ask("confirm")]);
    return { stopReason: "end_turn" };
  }
  if (first === "flood") {
    const n = Number(rest[0] ?? 10);
    for (let i = 0; i < n; i++)
      void say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text(".") });
    return { stopReason: "end_turn" };
  }
  await say(client, sessionId, { sessionUpdate: "agent_thought_chunk", content: text("thinking") });
  await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text("Hello") });
  await say(client, sessionId, { sessionUpdate: "agent_message_chunk", content: text(" there") });
  await say(client, sessionId, {
    sessionUpdate: "plan",
    entries: [{ content: "say hello", priority: "high", status: "completed" }],
  });
  await say(client, sessionId, {
    sessionUpdate: "usage_update",
    used: 250,
    size: 1000,
    cost: { amount: 0.01, currency: "USD" },
  });
  return { stopReason: "end_turn" };
}

app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
