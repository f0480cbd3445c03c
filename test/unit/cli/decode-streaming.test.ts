/**
 * `hmux decode` streams: events leave as their lines arrive, a reader that goes away ends it even
 * when the input never does, chunk boundaries never change what it decodes, and a line over the
 * bound is reported and skipped rather than buffered.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { pumpStream } from "../../../src/cli/decode-stream.js";
import type { Output } from "../../../src/cli/render/output.js";
import { decodeRecorded } from "../../../src/core/decode-recorded.js";
import { RecordedTurn } from "../../../src/core/recorded-turn.js";
import { HMUX, REPO } from "./cli-harness.js";

const INIT = JSON.stringify({ type: "system", subtype: "init", session_id: "s-1", model: "m" });
const TOKEN = (text: string) =>
  JSON.stringify({
    type: "stream_event",
    event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
    session_id: "s-1",
  });
const RESULT = JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "", session_id: "s-1" });

const children: ChildProcessWithoutNullStreams[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGKILL");
      await new Promise((done) => child.once("close", done));
    }
  }
});

function decodeFromStdin(env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, [HMUX, "decode", "claude", "-"], { env: { ...process.env, ...env } });
  children.push(child);
  child.stdin.on("error", () => undefined); // the test may keep writing after hmux has gone
  return child;
}

/** Resolves with every line written from now on, once one of them satisfies `until`. */
function linesUntil(child: ChildProcessWithoutNullStreams, until: (line: string) => boolean): Promise<string[]> {
  let text = "";
  let errors = "";
  return new Promise((done, fail) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const lines = text.split("\n").filter(Boolean);
      if (lines.some(until)) {
        child.stdout.off("data", onData);
        done(lines);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
    child.once("close", () => fail(new Error(`hmux exited having written only: ${text}\nstderr: ${errors}`)));
  });
}

const isDone = (line: string) => line.includes('"kind":"done"');

function capture(): { output: Output; text: () => string } {
  let text = "";
  return {
    output: {
      out: (t) => ((text += t), true),
      err: () => undefined,
      broken: false,
      needsDrain: false,
      drain: () => Promise.resolve(),
      onBroken: () => undefined,
    },
    text: () => text,
  };
}

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("hmux decode streaming", () => {
  it("writes a line's events while its input is still open", async () => {
    const child = decodeFromStdin();
    child.stdin.write(`${INIT}\n`);
    const [first] = await linesUntil(child, () => true); // stdin is still open: no EOF has been seen
    expect(JSON.parse(first!)).toMatchObject({ kind: "identity", harness: "claude", sessionId: "s-1" });
    const rest = linesUntil(child, isDone);
    child.stdin.end(`${TOKEN("hi")}\n${RESULT}\n`);
    expect(JSON.parse((await rest).at(-1)!)).toMatchObject({ kind: "done", cause: "clean" });
  });

  it("exits when its reader goes away, though its input never ends", async () => {
    const child = decodeFromStdin();
    const closed = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
    child.stdin.write(`${INIT}\n`);
    // Like `tail -f | hmux decode claude - | head -n 5`: the input keeps coming, the reader stops after 5.
    const feeder = setInterval(() => child.stdin.writable && child.stdin.write(`${TOKEN("more ")}\n`), 10);
    try {
      let seen = 0;
      expect(await linesUntil(child, () => ++seen >= 5)).not.toContainEqual(expect.stringContaining('"done"'));
      child.stdout.destroy();
      expect(await closed).toBe(0);
    } finally {
      clearInterval(feeder);
    }
  });

  it("decodes the same events whatever the chunk boundaries", async () => {
    const adapter = builtinRegistry.get("claude");
    const path = join(REPO, "test", "fixtures", "live", "claude", "tool.ndjson");
    const bytes = readFileSync(path);
    const whole = decodeRecorded(adapter.createDecoder(), bytes.toString("utf8"), 0, { matchers: adapter.matchers });
    for (const size of [1, 7, 4096]) {
      const c = capture();
      const turn = new RecordedTurn(adapter.createDecoder(), { matchers: adapter.matchers });
      expect(await pumpStream(turn, "stdout", { name: path, chunks: chunked(bytes, size) }, c.output)).toBe(true);
      const streamed = [
        ...c
          .text()
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
        ...turn.end(0),
      ];
      expect(streamed).toEqual(whole);
    }
  });

  it("reports a line over the bound, skips it, and goes on decoding", async () => {
    const child = decodeFromStdin({ HMUX_MAX_LINE_BYTES: "1024" });
    const all = linesUntil(child, isDone);
    child.stdin.end(`${INIT}\n${TOKEN("x".repeat(5000))}\n${TOKEN("after")}\n${RESULT}\n`);
    const events = (await all).map((l) => JSON.parse(l));
    expect(events).toContainEqual(
      expect.objectContaining({ kind: "failure", message: expect.stringMatching(/line 2\b.*1024-byte line bound/) }),
    );
    expect(events).toContainEqual(expect.objectContaining({ kind: "token", text: "after" }));
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "failed" });
  });
});
