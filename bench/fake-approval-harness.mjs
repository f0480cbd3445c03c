/**
 * A fake harness for the approval bench: speaks just enough of one harness's session protocol
 * (claude stream-json control, codex app-server JSON-RPC, pi --mode rpc with hmux-gate) for
 * hmux's real bridge to become ready, then on each user send asks for N tool approvals and
 * timestamps, on ITS side of the pipes, when each request line is written and when the
 * decision line for it arrives on stdin. Plain JS so it starts fast; no hmux code is imported.
 *
 * Env: HMUX_FAKE_HARNESS (claude|codex|pi), HMUX_FAKE_OUT (JSON result file, written at stdin EOF),
 * HMUX_FAKE_CWD (the cwd codex's approval requests name; default /tmp), HMUX_FAKE_COMMAND (the shell
 * command word each request asks to run; default ls, which hmux's default policy allows unasked).
 * A send's text says the round: "<sequential|burst> <count>" on its last line (hmux may put
 * its question-protocol preamble before it, as it does for a real harness).
 *   sequential: one request in flight; the next is written when the previous decision arrives.
 *   burst: all requests written at once.
 */
import { writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";

const harness = process.env.HMUX_FAKE_HARNESS;
const outFile = process.env.HMUX_FAKE_OUT;
if (!["claude", "codex", "pi"].includes(harness ?? "") || !outFile) {
  process.stderr.write("fake-approval-harness: set HMUX_FAKE_HARNESS=claude|codex|pi and HMUX_FAKE_OUT\n");
  process.exit(2);
}

const COMMAND = process.env.HMUX_FAKE_COMMAND ?? "ls";
const rounds = [];
/** The round being run: requests by their wire id. */
let round = null;
let seq = 0;
const stray = [];

const out = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

/** The native approval request for call k, and the wire id a decision must carry to answer it. */
function request(k) {
  const n = ++seq;
  switch (harness) {
    case "claude": {
      const requestId = `req-${n}`;
      return {
        wireId: requestId,
        line: {
          type: "control_request",
          request_id: requestId,
          request: {
            subtype: "can_use_tool",
            tool_name: "Bash",
            tool_use_id: `toolu_${n}`,
            input: { command: `${COMMAND} dir${k}` },
          },
        },
      };
    }
    case "codex":
      return {
        wireId: String(1000 + n),
        line: {
          id: 1000 + n,
          method: "item/commandExecution/requestApproval",
          params: {
            threadId: "thr-fake",
            turnId: "turn-fake",
            itemId: `item-${n}`,
            command: `${COMMAND} dir${k}`,
            cwd: process.env.HMUX_FAKE_CWD ?? "/tmp",
          },
        },
      };
    case "pi": {
      const uiId = `ui-${n}`;
      return {
        wireId: uiId,
        line: {
          type: "extension_ui_request",
          id: uiId,
          method: "input",
          title: "hmux-gate/1",
          placeholder: JSON.stringify({ callId: `call-${n}`, tool: "bash", input: { command: `${COMMAND} dir${k}` } }),
        },
      };
    }
  }
}

function ask(k) {
  const { wireId, line } = request(k);
  const entry = { wireId, sentAt: performance.now(), arrivedAt: null, decisions: 0, decision: null };
  round.requests.set(wireId, entry);
  out(line);
}

function startRound(text) {
  const [pattern, countText] = String(text).trim().split("\n").at(-1).trim().split(/\s+/);
  const count = Number(countText);
  if (!["sequential", "burst"].includes(pattern) || !Number.isInteger(count) || count < 0) {
    process.stderr.write(`fake-approval-harness: cannot read round ${JSON.stringify(text)}\n`);
    return endTurn();
  }
  round = { pattern, count, asked: 0, answered: 0, requests: new Map() };
  if (count === 0) return finishRound();
  if (pattern === "burst") {
    for (let k = 0; k < count; k++) ask(k);
    round.asked = count;
  } else {
    ask(0);
    round.asked = 1;
  }
}

/** One decision line for the request `wireId`; `decision` is what the harness would act on. */
function decided(wireId, decision) {
  const at = performance.now();
  const entry = round?.requests.get(wireId);
  if (!entry) return void stray.push({ wireId, decision });
  entry.decisions += 1;
  if (entry.decisions > 1) return; // a duplicate: counted, never re-timed
  entry.arrivedAt = at;
  entry.decision = decision;
  round.answered += 1;
  if (round.pattern === "sequential" && round.asked < round.count) {
    ask(round.asked);
    round.asked += 1;
  } else if (round.answered === round.count) {
    finishRound();
  }
}

function finishRound() {
  rounds.push({ pattern: round.pattern, count: round.count, requests: [...round.requests.values()] });
  round = null;
  endTurn();
}

function endTurn() {
  switch (harness) {
    case "claude":
      return out({
        type: "result",
        subtype: "success",
        is_error: false,
        duration_ms: 1,
        num_turns: 1,
        result: "done",
        session_id: "fake",
        usage: { input_tokens: 1, output_tokens: 1 },
      });
    case "codex":
      return out({
        method: "turn/completed",
        params: { threadId: "thr-fake", turn: { id: "turn-fake", status: "completed" } },
      });
    case "pi":
      return out({ type: "agent_end", messages: [] });
  }
}

function onClaude(msg) {
  if (msg.type === "control_request" && msg.request?.subtype === "initialize") {
    return out({
      type: "control_response",
      response: { subtype: "success", request_id: msg.request_id, response: {} },
    });
  }
  if (msg.type === "user") return startRound(msg.message?.content);
  if (msg.type === "control_response") return decided(String(msg.response?.request_id), msg.response?.response ?? null);
}

function onCodex(msg) {
  if (msg.method === "initialize") return out({ id: msg.id, result: { userAgent: "fake-approval-harness" } });
  if (msg.method === "thread/start" || msg.method === "thread/resume")
    return out({ id: msg.id, result: { thread: { id: "thr-fake" } } });
  if (msg.method === "turn/start") {
    out({ id: msg.id, result: { turn: { id: "turn-fake" } } });
    out({ method: "turn/started", params: { threadId: "thr-fake", turn: { id: "turn-fake" } } });
    return startRound(msg.params?.input?.[0]?.text);
  }
  if (msg.method === undefined && msg.id !== undefined && "result" in msg)
    return decided(String(msg.id), msg.result ?? null);
}

function onPi(msg) {
  if (msg.type === "get_state")
    return out({ type: "response", id: msg.id, command: "get_state", success: true, data: { sessionId: "pi-fake" } });
  if (msg.type === "prompt") {
    out({ type: "response", id: msg.id, command: "prompt", success: true });
    return startRound(msg.message);
  }
  if (msg.type === "extension_ui_response") {
    let decision = null;
    try {
      decision = JSON.parse(String(msg.value));
    } catch {
      decision = { unreadable: String(msg.value) };
    }
    return decided(String(msg.id), decision);
  }
}

const handlers = { claude: onClaude, codex: onCodex, pi: onPi };
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return void stray.push({ unreadable: line });
  }
  handlers[harness](msg);
});
lines.on("close", () => {
  if (round)
    rounds.push({
      pattern: round.pattern,
      count: round.count,
      requests: [...round.requests.values()],
      unfinished: true,
    });
  writeFileSync(outFile, JSON.stringify({ harness, rounds, stray }));
  process.exit(0);
});
