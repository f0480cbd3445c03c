/**
 * What a person reads when they stop a turn or mistype a flag's value: Ctrl-C is said in words
 * and exits 130; a missing --script file names the flag; a model nobody knows is not listed as
 * supported by other harnesses.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../../helpers/until.js";
import { HMUX, Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("Ctrl-C on hmux run, in human mode", () => {
  it("says the turn was interrupted and exits 130", async () => {
    const pidFile = join(box.root, "human-interrupted.pid");
    const fake = box.fake(
      "waits-human",
      [
        'console.log(JSON.stringify({ type: "system", subtype: "init", session_id: "s-h" }));',
        `require("fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));`,
        "setInterval(() => {}, 1000);",
      ].join("\n"),
    );
    const child = spawn(process.execPath, [HMUX, "run", "claude", "hi"], {
      cwd: box.root,
      env: { ...box.env, HMUX_CLAUDE_BIN: fake },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const closed = new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
    await until(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", 15_000);
    child.kill("SIGINT");
    expect(await closed).toBe(130);
    expect(err).toMatch(/interrupted.*\(Ctrl-C\)/);
  }, 30_000);
});

describe("flag values that name nothing", () => {
  it("hmux demo --script with a missing file names the flag, says not found, and hints", async () => {
    const r = await box.run(["demo", "--script", "/nonexistent.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--script /nonexistent.json: not found");
    expect(r.stderr).toContain("hint: ");
  });

  it("a model no harness knows lists no harness as supporting it", async () => {
    const r = await box.run(["run", "claude", "--model", "nosuch", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('claude does not know model "nosuch"');
    expect(r.stderr).not.toContain("supported by");
  });

  it("a model another harness knows still names that harness", async () => {
    const r = await box.run(["run", "claude", "--model", "gpt-5.5", "x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/supported by: .*codex \(--model gpt-5\.5\)/);
  });
});
