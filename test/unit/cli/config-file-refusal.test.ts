/**
 * A config file hmux will not read stops every command before anything starts: exit 2, the
 * file's path and why on stderr with a hint, and under --json the failure + done pair.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastTwo, Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("a user config that is a FIFO", () => {
  it("is refused with its path, a hint and exit 2, without waiting for a writer", async () => {
    const dir = join(box.home, ".config", "hmux");
    mkdirSync(dir, { recursive: true });
    const path = join(dir, "config.json");
    execFileSync("mkfifo", [path]);
    try {
      const r = await box.run(["run", "claude", "hi", "--json"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`hmux: ${path}: refused: it is a FIFO, not a regular file\n`);
      expect(r.stderr).toContain(`hint: fix ${path}, or move it aside`);
      expect(lastTwo(r)).toEqual([
        expect.objectContaining({ kind: "failure", class: "rejected", issue: "invalid-config" }),
        expect.objectContaining({ kind: "done", cause: "failed" }),
      ]);
    } finally {
      rmSync(path, { force: true });
    }
  });
});
