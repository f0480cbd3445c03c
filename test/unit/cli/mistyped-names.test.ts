/**
 * A mistyped command or harness is answered with the name it is a slip of, by edit distance
 * (src/core/nearest-name.ts), not by sharing its first letters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("a mistyped name gets the nearest real one", () => {
  it.each([
    ["dmo", "demo"], // a letter dropped, the first two letters differing
    ["sesion", "session"],
    ["sl", "ls"], // two neighbours swapped: one slip, even in a two-letter word
    ["hlep", "help"],
  ])("hmux %s is a usage error that suggests hmux %s", async (typed, meant) => {
    const r = await box.run([typed]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown command '${typed}'`);
    expect(r.stderr).toContain(`did you mean \`hmux ${meant}\`?`);
  });

  it("a word near no command suggests none and names every command", async () => {
    const r = await box.run(["zzzz"]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("did you mean");
    expect(r.stderr).toMatch(/the commands: run, session, demo, .*\bworkspace\b/);
  });

  it("a harness name with swapped letters suggests the harness it is a slip of", async () => {
    const r = await box.run(["run", "cdoex", "hi"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown harness "cdoex"');
    expect(r.stderr).toContain("did you mean codex?");
  });
});
