import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("hmux decode refuses an exit code no process could have had", () => {
  it.each(["-1", "99999999999", "256", "1.5", "x"])("--exit-code %s is refused with exit 2", async (value) => {
    const empty = box.file("empty.ndjson", "");
    const r = await box.run(["decode", "claude", empty, "--exit-code", value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--exit-code expects an exit status from 0 to 255, got "${value}"`);
  });

  it("--exit-code 255 is taken as the turn's exit code", async () => {
    const empty = box.file("empty.ndjson", "");
    const r = await box.run(["decode", "claude", empty, "--exit-code", "255"]);
    expect(r.lines.at(-1)).toMatchObject({ kind: "done", exitCode: 255 });
  });
});
