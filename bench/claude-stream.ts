/**
 * A synthetic claude stream-json recording for the decode benches: tool-using exchanges in the
 * shape of the recorded 2.1.197 streams (token deltas, the full assistant record, a tool call, its
 * result), repeated to any size.
 */

import { once } from "node:events";
import { createWriteStream } from "node:fs";

const SESSION = "183164b0-885f-4d09-945f-4b0c51f82c81";

/** One tool-using exchange in claude's stream-json shape (as in the recorded 2.1.197 streams). */
export function exchange(n: number): string[] {
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

function head(): string {
  return JSON.stringify({
    type: "system",
    subtype: "init",
    cwd: "/work",
    session_id: SESSION,
    tools: ["Bash", "Read", "Edit"],
    model: "claude-opus-5",
    permissionMode: "default",
  });
}

function tail(): string {
  return JSON.stringify({
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
}

/** At least `targetBytes` of stream-json, as one buffer. */
export function syntheticStream(targetBytes: number): Uint8Array {
  const parts: string[] = [head()];
  let size = parts[0]!.length;
  for (let n = 0; size < targetBytes; n++) {
    for (const line of exchange(n)) {
      parts.push(line);
      size += line.length + 1;
    }
  }
  parts.push(tail());
  return new TextEncoder().encode(`${parts.join("\n")}\n`);
}

/** Writes at least `targetBytes` of stream-json to `path`, a few hundred exchanges at a time. */
export async function writeSyntheticFile(path: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(path);
  let size = 0;
  const write = async (text: string) => {
    size += Buffer.byteLength(text);
    if (!out.write(text)) await once(out, "drain");
  };
  await write(`${head()}\n`);
  for (let n = 0; size < targetBytes; ) {
    let batch = "";
    for (const end = n + 500; n < end; n++) for (const line of exchange(n)) batch += `${line}\n`;
    await write(batch);
  }
  await write(`${tail()}\n`);
  out.end();
  await once(out, "close");
  return size;
}
