#!/usr/bin/env node
/**
 * A fake harness for the server bench: speaks the part of Claude Code's stream-json session
 * protocol hmux's claude bridge reads (initialize, user lines, assistant and tool records, the
 * result), so the real `hmux server` runs it as a claude session (HMUX_CLAUDE_BIN points here).
 * A user line ending in "chatter <n>" is answered by one turn of n records: assistant text, with
 * a tool call and its result every tenth record (no approval is asked: the calls are reported as
 * already run). A line ending in "stream <rate> <seconds>" is answered by a turn of assistant text
 * records paced at <rate> a second (bench/end-to-end.ts's load) for <seconds>, each text starting
 * with <tag> when one follows (so a bench reading the screen can tell the panes apart). Anything
 * else ends the turn at once. Plain JS, no hmux code, so it starts fast.
 *   fake-chatty-harness --version   prints a version, as a harness binary does.
 */
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";

if (process.argv.includes("--version")) {
  process.stdout.write("2.1.332 (Claude Code)\n");
  process.exit(0);
}

const at = process.argv.indexOf("--session-id");
// hmux names the session it expects; a harness that announced another would be a rotated identity.
const sessionId = at === -1 ? randomUUID() : process.argv[at + 1];
const MODEL = "chatty-1";
const out = (record) => process.stdout.write(`${JSON.stringify(record)}\n`);

/** The user's words: hmux may put its question preamble first, separated by a blank line. */
function lastLine(content) {
  const text = typeof content === "string" ? content : (content ?? []).map((c) => c?.text ?? "").join("\n");
  return text.trim().split("\n").at(-1)?.trim() ?? "";
}

const WORDS = ["reading", "the", "module", "graph", "before", "changing", "its", "exports", "and", "tests"];

function chatter(n) {
  out({ type: "system", subtype: "init", session_id: sessionId, model: MODEL, tools: ["Bash", "Read"] });
  for (let i = 0; i < n; i++) {
    if (i % 10 === 9) {
      const id = `toolu_${i}`;
      out({
        type: "assistant",
        session_id: sessionId,
        message: {
          role: "assistant",
          model: MODEL,
          content: [{ type: "tool_use", id, name: "Read", input: { file_path: `src/f${i}.ts` } }],
        },
      });
      out({
        type: "user",
        session_id: sessionId,
        message: {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: id, content: `line ${i}\n`.repeat(3), is_error: false }],
        },
      });
      continue;
    }
    const words = Array.from({ length: 12 }, (_, k) => WORDS[(i + k) % WORDS.length]).join(" ");
    out({
      type: "assistant",
      session_id: sessionId,
      message: { role: "assistant", model: MODEL, content: [{ type: "text", text: `${i}: ${words}.` }] },
    });
  }
  endTurn(`chattered ${n} records`);
}

/** Assistant text records at `rate` a second for `seconds` (each text after `tag`), sent every 10 ms, then the turn's result. */
function stream(rate, seconds, tag) {
  out({ type: "system", subtype: "init", session_id: sessionId, model: MODEL, tools: ["Bash", "Read"] });
  const start = Date.now();
  let sent = 0;
  const tick = setInterval(() => {
    const elapsed = (Date.now() - start) / 1000;
    const due = Math.floor(Math.min(elapsed, seconds) * rate);
    for (; sent < due; sent++) {
      const words = Array.from({ length: 3 + (sent % 9) }, (_, k) => WORDS[(sent * 7 + k) % WORDS.length]).join(" ");
      out({
        type: "assistant",
        session_id: sessionId,
        message: { role: "assistant", model: MODEL, content: [{ type: "text", text: `${tag}${sent}: ${words}.` }] },
      });
    }
    if (elapsed >= seconds) {
      clearInterval(tick);
      endTurn(`streamed ${sent} records`);
    }
  }, 10);
}

function endTurn(result) {
  out({
    type: "result",
    subtype: "success",
    is_error: false,
    duration_ms: 1,
    num_turns: 1,
    result,
    session_id: sessionId,
    usage: { input_tokens: 1, output_tokens: 1 },
  });
}

const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
lines.on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.type === "control_request" && msg.request?.subtype === "initialize")
    return out({
      type: "control_response",
      response: { subtype: "success", request_id: msg.request_id, response: {} },
    });
  if (msg.type === "control_request")
    return out({
      type: "control_response",
      response: { subtype: "success", request_id: msg.request_id, response: {} },
    });
  if (msg.type === "user") {
    const line = lastLine(msg.message?.content);
    const paced = /^stream (\d+) (\d+)(?: (\S+))?$/.exec(line);
    if (paced) return stream(Number(paced[1]), Number(paced[2]), paced[3] ?? "");
    const m = /^chatter (\d+)$/.exec(line);
    return m ? chatter(Number(m[1])) : endTurn("nothing to say");
  }
});
lines.on("close", () => process.exit(0));
