import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { processOutput } from "../../../src/cli/render/output.js";

/** A stdout that takes one write at a time and finishes it on the next tick, so every write over its mark needs a drain. */
function slowStdout(): NodeJS.WriteStream {
  return new Writable({
    highWaterMark: 16,
    write(_chunk, _enc, cb) {
      setImmediate(cb);
    },
  }) as unknown as NodeJS.WriteStream;
}

describe("hmux's stdout", () => {
  it("waiting for many drains leaves no listeners behind", async () => {
    const stdout = slowStdout();
    const output = processOutput(stdout, slowStdout());
    const before = { error: stdout.listenerCount("error"), close: stdout.listenerCount("close") };
    for (let i = 0; i < 50; i++) {
      output.out("x".repeat(64));
      expect(output.needsDrain).toBe(true);
      await output.drain();
    }
    expect(stdout.listenerCount("drain")).toBe(0);
    expect({ error: stdout.listenerCount("error"), close: stdout.listenerCount("close") }).toEqual(before);
  });
});
