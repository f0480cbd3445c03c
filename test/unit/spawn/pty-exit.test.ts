/**
 * A pane's process that closes its terminal before it exits ends as it meant to: node-pty's own
 * hangup (it closes the master once no process holds the terminal) no longer kills it, so a clean
 * exit reads as clean, not as killed by SIGHUP. A real SIGHUP still reads as a kill. Shown for the
 * local native pane's pty, the server's leashed one, and the pty spawner.
 */
import { describe, expect, it } from "vitest";
import type { PtyExit, PtyFactory } from "../../../src/core/exec/pty-port.js";
import { leashedPty, spawnPty } from "../../../src/spawn/native-pty.js";
import { createPtySpawner } from "../../../src/spawn/pty.js";

const ENV = { PATH: process.env.PATH ?? "/usr/bin:/bin", TERM: "dumb" };
/**
 * Closes its terminal, waits long enough for node-pty to see that, then ends as told: what GNU cat
 * does on its way out (it closes stdout before exit), stretched so the race is lost every time.
 */
const closesThen = (end: string) => ["/bin/sh", "-c", `exec 0<&- 1>&- 2>&-; sleep 0.3; ${end}`];

function exitOf(spawn: PtyFactory, argv: string[]): Promise<PtyExit> {
  const pty = spawn({ argv, cwd: "/", env: ENV, cols: 80, rows: 24 });
  pty.onData(() => undefined);
  return new Promise((resolve) => pty.onExit(resolve));
}

const PANES: Record<string, PtyFactory> = { "a native pane": spawnPty, "a server's leashed pane": leashedPty() };

for (const [pane, spawn] of Object.entries(PANES)) {
  describe(`${pane}: the exit of a program that closed its terminal`, () => {
    it("a clean exit reads as code 0, not as killed by SIGHUP", async () => {
      expect(await exitOf(spawn, closesThen("exit 0"))).toEqual({ code: 0, signal: null });
    });

    it("an exit code reads as that code", async () => {
      expect(await exitOf(spawn, closesThen("exit 3"))).toEqual({ code: 3, signal: null });
    });

    it("a real SIGHUP after it closed the terminal still reads as killed by SIGHUP", async () => {
      expect(await exitOf(spawn, closesThen("kill -HUP $$"))).toEqual({ code: null, signal: 1 });
    });
  });
}

describe("the pty spawner: the exit of a program that closed its terminal", () => {
  const exited = (argv: string[]) => createPtySpawner().spawn({ argv, cwd: "/", env: ENV, stdin: "pipe" }).exited;

  it("a clean exit reads as code 0, and a real SIGHUP as SIGHUP", async () => {
    expect(await exited(closesThen("exit 0"))).toEqual({ code: 0, signal: null });
    expect(await exited(closesThen("kill -HUP $$"))).toEqual({ code: null, signal: "SIGHUP" });
  });
});
