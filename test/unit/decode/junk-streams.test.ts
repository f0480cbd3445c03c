/**
 * A stream that holds no turn-ending record is an incomplete turn for every harness, however it
 * got that way: a harness that crashed before writing anything, or a wrong binary printing junk.
 * Fed as bytes through the path `hmux decode` uses, each ends `failed` (class native), never clean.
 */
import { describe, expect, it } from "vitest";
import { builtinRegistry } from "../../../src/adapters/registry.js";
import { finishTurn, pumpStream } from "../../../src/cli/decode-stream.js";
import type { Output } from "../../../src/cli/render/output.js";
import { hmuxExitCode } from "../../../src/core/conclude.js";
import { RecordedTurn } from "../../../src/core/recorded-turn.js";

/** Deterministic "random" bytes (a small LCG), so a failure reproduces. */
function noise(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

const JUNK: Record<string, Uint8Array> = {
  empty: new Uint8Array(0),
  "200 KB of random bytes": noise(200_000),
  "invalid UTF-8": Uint8Array.from([0xff, 0xfe, 0x0a, 0xc3, 0x28, 0x0a, 0xe2, 0x82, 0x0a, 0xf0, 0x9f, 0x0a]),
  "CRLF-only lines": Buffer.from("\r\n".repeat(1000)),
  "a 60,000-deep JSON array": Buffer.from(`${"[".repeat(60_000)}${"]".repeat(60_000)}\n`),
};

function sink(): Output {
  return {
    out: () => true,
    err: () => undefined,
    broken: false,
    needsDrain: false,
    drain: () => Promise.resolve(),
    onBroken: () => undefined,
  };
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  if (bytes.length > 0) yield bytes;
}

const cases = builtinRegistry.names.flatMap((harness) => Object.keys(JUNK).map((junk) => ({ harness, junk })));

describe("junk with no turn-ending record decodes as a failed turn, for every harness", () => {
  it.each(cases)("$harness: $junk", async ({ harness, junk }) => {
    const adapter = builtinRegistry.get(harness);
    const turn = new RecordedTurn(adapter.createDecoder(), { matchers: adapter.matchers });
    await pumpStream(turn, "stdout", { name: junk, chunks: once(JUNK[junk]!) }, sink());
    const done = await finishTurn(turn, null, sink());
    expect(done).toMatchObject({ kind: "done", cause: "failed", failure: { class: "native", retryable: false } });
    if (done?.kind !== "done") throw new Error("no done");
    expect(hmuxExitCode(done)).toBe(1);
  });
});
