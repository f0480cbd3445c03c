/** `hmux help [command]` answers as `hmux [command] --help` does, as git, npm and tmux users expect. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sandbox } from "./cli-harness.js";

let box: Sandbox;
beforeAll(() => {
  box = new Sandbox();
});
afterAll(() => box.cleanup());

describe("hmux help", () => {
  it("hmux help prints the program's help, the same as hmux --help, and exits 0", async () => {
    const [help, flag] = await Promise.all([box.run(["help"]), box.run(["--help"])]);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe("");
    expect(help.stdout).toContain("Usage: hmux [options] [command]");
    expect(help.stdout).toMatch(/^ {2}help \[command\] /m);
    expect(help.stdout).toBe(flag.stdout);
  });

  it.each([["demo"], ["run"], ["session"]])(
    "hmux help %s prints that command's help, the same as its --help, and exits 0",
    async (command) => {
      const [help, flag] = await Promise.all([box.run(["help", command]), box.run([command, "--help"])]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: hmux ${command} `);
      expect(help.stdout).toBe(flag.stdout);
    },
  );

  it("hmux help help is the help of help: the program's help on stdout, exit 0", async () => {
    const [twice, once] = await Promise.all([box.run(["help", "help"]), box.run(["help"])]);
    expect(twice.code).toBe(0);
    expect(twice.stderr).toBe("");
    expect(twice.stdout).toBe(once.stdout);
  });

  it("hmux help of no command is a usage error naming the commands, with the nearest one for a slip", async () => {
    const bogus = await box.run(["help", "bogus"]);
    expect(bogus.code).toBe(2);
    expect(bogus.stdout).toBe("");
    expect(bogus.stderr).toContain("unknown command 'bogus'");
    expect(bogus.stderr).toMatch(/the commands: run, session, demo, .*\bworkspace, help\b/);
    const slip = await box.run(["help", "dmo"]);
    expect(slip.code).toBe(2);
    expect(slip.stderr).toContain("did you mean `hmux demo`?");
  });
});
