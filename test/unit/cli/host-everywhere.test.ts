/**
 * `--host` is taken by every command that talks to the hmux server, `kill-server` included: each
 * one goes to the host given (here one ssh could never reach, refused before anything is spawned),
 * and none answers "unknown option".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

const COMMANDS: readonly (readonly string[])[] = [
  ["kill-server"],
  ["ls"],
  ["attach"],
  ["kill", "pi-1"],
  ["resume", "pi-1"],
  ["new", "pi", "--cwd", "/srv/work"],
];

describe("--host on every server command", () => {
  it.each(COMMANDS)("hmux %s … --host goes to that host", async (...command) => {
    const r = await box.run([...command, "--host", "bad host"], { XDG_RUNTIME_DIR: box.root });
    expect(r.stderr).not.toMatch(/unknown option/);
    expect(r.stderr).toContain("--host bad host is not [user@]host");
    expect(r.code).toBe(2);
  });
});

describe("a host named like a command", () => {
  it.each(["server", "ls"])("hmux --host %s opens the TUI on that host, it does not run the command", async (host) => {
    const r = await box.run(["--host", host], { XDG_RUNTIME_DIR: box.root });
    expect(r.stderr).not.toMatch(/unknown option/);
    expect(r.stderr).toContain("needs an interactive terminal");
    expect(r.code).toBe(2);
  });
});
