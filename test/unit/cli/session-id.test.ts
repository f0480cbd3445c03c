import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketPaths } from "../../../src/session/control-socket.js";
import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("--session-id is validated whether or not a journal is kept", () => {
  it("a path in --session-id is refused before anything is created, even with --no-journal", async () => {
    const run = join(box.root, "run");
    const r = await box.run(
      ["session", "claude", "--json", "--no-journal", "--session-id", "../../escaped"],
      { XDG_RUNTIME_DIR: run, XDG_STATE_HOME: join(box.root, "state") },
      "",
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a safe session id/);
    expect(existsSync(join(box.root, "escaped.sock"))).toBe(false);
    expect(existsSync(join(box.root, "escaped.token"))).toBe(false);
    expect(existsSync(run) ? readdirSync(run) : []).toEqual([]);
  });

  it("the socket paths refuse an id that is not a plain file name", () => {
    for (const id of ["../x", "..", ".", "-rf", "a/b", ""])
      expect(() => socketPaths(id, { XDG_RUNTIME_DIR: "/tmp/x" })).toThrow(/not a safe file name/);
    expect(socketPaths("c0ffee-1.2_3", { XDG_RUNTIME_DIR: "/tmp/x" }).socket).toBe("/tmp/x/hmux/c0ffee-1.2_3.sock");
  });
});
