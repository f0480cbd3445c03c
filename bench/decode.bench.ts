/**
 * Decode throughput: a ≥100 MB synthetic claude stream-json turn, fed in 64 KiB chunks (what a
 * pipe delivers), through hmux's real path — LineSplitter (bounded, UTF-8-safe) → JSON object
 * check → the claude decoder — beside the floor any consumer pays: streaming UTF-8 decode,
 * split on "\n", JSON.parse every line. Same bytes, same run; ratio = hmux / floor throughput.
 */
import { createDecoder } from "../src/adapters/claude/decode.js";
import type { JsonObject } from "../src/core/decoder.js";
import { LineSplitter } from "../src/core/line-splitter.js";
import { syntheticStream } from "./claude-stream.js";

const TARGET_BYTES = 100 * 1024 * 1024 + 1;
const CHUNK = 64 * 1024;
const TARGET_RATIO = 0.5;

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
  const bytes = syntheticStream(TARGET_BYTES);
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
