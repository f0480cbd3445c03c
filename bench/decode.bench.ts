/**
 * Decode throughput: a ≥100 MB synthetic claude stream-json turn, fed in 64 KiB chunks (what a
 * pipe delivers), through hmux's real path — LineSplitter (bounded, UTF-8-safe) → JSON object
 * check → the claude decoder — beside the floor any consumer pays: streaming UTF-8 decode,
 * split on "\n", JSON.parse every line. Same bytes, same run; ratio = hmux / floor throughput.
 */
import { createDecoder } from "../src/adapters/claude/decode.js";
import type { JsonObject } from "../src/core/decoder.js";
import { LineSplitter } from "../src/core/line-splitter.js";

const TARGET_BYTES = 100 * 1024 * 1024 + 1;
const CHUNK = 64 * 1024;
const TARGET_RATIO = 0.5;
const SESSION = "183164b0-885f-4d09-945f-4b0c51f82c81";

/** One tool-using exchange in claude's stream-json shape (as in the recorded 2.1.197 streams). */
function exchange(n: number): string[] {
  const msg = `msg_${n.toString(36).padStart(10, "0")}`;
  const tool = `toolu_${n.toString(36).padStart(12, "0")}`;
  const words = [
    "the",
    "file",
    "contains",
    "a",
    "function",
    "that",
    "parses",
    "input",
    "— ünïcödé ✓",
    "and",
    "returns",
    "results",
  ];
  const lines: string[] = [];
  const ev = (event: unknown) =>
    JSON.stringify({
      type: "stream_event",
      event,
      session_id: SESSION,
      parent_tool_use_id: null,
      uuid: `u-${n}-${lines.length}`,
    });
  lines.push(
    ev({
      type: "message_start",
      message: {
        model: "claude-opus-5",
        id: msg,
        type: "message",
        role: "assistant",
        content: [],
        usage: { input_tokens: 12, output_tokens: 1 },
      },
    }),
  );
  lines.push(ev({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }));
  let text = "";
  for (let i = 0; i < 24; i++) {
    const delta = `${words[(n + i) % words.length]} `;
    text += delta;
    lines.push(ev({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: delta } }));
  }
  lines.push(
    JSON.stringify({
      type: "assistant",
      message: {
        model: "claude-opus-5",
        id: msg,
        type: "message",
        role: "assistant",
        content: [{ type: "text", text }],
        usage: { input_tokens: 12, output_tokens: 30 },
      },
      parent_tool_use_id: null,
      session_id: SESSION,
      uuid: `a-${n}`,
    }),
  );
  lines.push(
    JSON.stringify({
      type: "assistant",
      message: {
        model: "claude-opus-5",
        id: msg,
        type: "message",
        role: "assistant",
        content: [
          {
            type: "tool_use",
            id: tool,
            name: "Bash",
            input: { command: `grep -n parse src/file${n}.ts`, description: "find the parser" },
          },
        ],
      },
      parent_tool_use_id: null,
      session_id: SESSION,
      uuid: `t-${n}`,
    }),
  );
  const output = Array.from(
    { length: 12 },
    (_, i) => `src/file${n}.ts:${i + 1}: export function parse${i}(input: string) { return input.split(","); }`,
  ).join("\n");
  lines.push(
    JSON.stringify({
      type: "user",
      message: {
        role: "user",
        content: [{ tool_use_id: tool, type: "tool_result", content: output, is_error: false }],
      },
      parent_tool_use_id: null,
      session_id: SESSION,
      uuid: `r-${n}`,
    }),
  );
  lines.push(ev({ type: "message_stop" }));
  return lines;
}

function syntheticStream(): Uint8Array {
  const head = JSON.stringify({
    type: "system",
    subtype: "init",
    cwd: "/work",
    session_id: SESSION,
    tools: ["Bash", "Read", "Edit"],
    model: "claude-opus-5",
    permissionMode: "default",
  });
  const tail = JSON.stringify({
    type: "result",
    subtype: "success",
    is_error: false,
    duration_ms: 1,
    num_turns: 1,
    result: "done",
    session_id: SESSION,
    total_cost_usd: 0.1,
    usage: { input_tokens: 1, output_tokens: 1 },
  });
  const parts: string[] = [head];
  let size = head.length;
  for (let n = 0; size < TARGET_BYTES; n++) {
    for (const line of exchange(n)) {
      parts.push(line);
      size += line.length + 1;
    }
  }
  parts.push(tail);
  return new TextEncoder().encode(`${parts.join("\n")}\n`);
}

function chunks(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += CHUNK) out.push(bytes.subarray(at, at + CHUNK));
  return out;
}

/** The floor: streaming UTF-8 decode, split on "\n", JSON.parse every line. */
function floor(input: Uint8Array[]): number {
  const decoder = new TextDecoder();
  let partial = "";
  let records = 0;
  for (const chunk of input) {
    const text = partial + decoder.decode(chunk, { stream: true });
    const lines = text.split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) if (line !== "" && JSON.parse(line)) records++;
  }
  return records;
}

/** hmux: the same path TurnProcess takes for every stdout chunk. */
function hmux(input: Uint8Array[]): number {
  const splitter = new LineSplitter();
  const decoder = createDecoder();
  let events = 0;
  const take = (text: string) => {
    if (text.charCodeAt(0) !== 123) return void (events += decoder.text(text, "stdout").length);
    const value: unknown = JSON.parse(text);
    events += decoder.record(value as JsonObject).length;
  };
  for (const chunk of input) for (const item of splitter.push(chunk)) if (item.kind === "line") take(item.text);
  for (const item of splitter.end()) if (item.kind === "line") take(item.text);
  return events + decoder.end().length;
}

function time<T>(fn: () => T): { ms: number; value: T } {
  const start = process.hrtime.bigint();
  const value = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

export async function run(): Promise<void> {
  const bytes = syntheticStream();
  const input = chunks(bytes);
  const mb = bytes.length / (1024 * 1024);
  // One warm-up pass each (JIT), then the best of three, alternating so neither gets a warmer machine.
  floor(input);
  hmux(input);
  let best = { floor: Infinity, hmux: Infinity };
  let counts = { records: 0, events: 0 };
  for (let i = 0; i < 3; i++) {
    const f = time(() => floor(input));
    const h = time(() => hmux(input));
    best = { floor: Math.min(best.floor, f.ms), hmux: Math.min(best.hmux, h.ms) };
    counts = { records: f.value, events: h.value };
  }
  const floorRate = mb / (best.floor / 1000);
  const hmuxRate = mb / (best.hmux / 1000);
  const ratio = hmuxRate / floorRate;
  console.log(
    `input              ${mb.toFixed(1)} MiB synthetic claude stream-json, ${counts.records} records, ${CHUNK / 1024} KiB chunks`,
  );
  console.log(`split + JSON.parse ${floorRate.toFixed(1)} MiB/s (${best.floor.toFixed(0)} ms)`);
  console.log(`hmux decode        ${hmuxRate.toFixed(1)} MiB/s (${best.hmux.toFixed(0)} ms, ${counts.events} events)`);
  console.log(
    `ratio              ${ratio.toFixed(2)} (target ≥ ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? "ok" : "BELOW TARGET"}`,
  );
  await Promise.resolve();
}
