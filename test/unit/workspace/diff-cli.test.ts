import { afterEach, describe, expect, it } from "vitest";
import { openWorkspace, releaseWorkspace } from "../../../src/workspace/lease.js";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => {
  fx?.cleanup();
  process.exitCode = undefined;
});

const hmux = (args: string[]) => runHmux(args, { env: fx.env });

describe("hmux diff", () => {
  it("prints each changed file with +/- counts, then the unified diff", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "w" }));
    releaseWorkspace(fx.ports(), lease!);
    fx.write("README.md", "hello\nagain\n", lease!.entry.path);
    const run = await hmux(["diff", "w"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ {2}\+1 -0 {2}README\.md$/m);
    expect(run.stdout).toContain("+again");
    expect(run.stdout).not.toContain("\u001b["); // not a terminal
  });

  it("finds a workspace by the id of a session that ran in it, after the session ended", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "w", sessionId: "sess-42" }));
    releaseWorkspace(fx.ports(), lease!);
    fx.write("new.txt", "x\n", lease!.entry.path);
    const run = await hmux(["diff", "sess-42", "--json", "--stat"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { workspace: string; files: unknown[]; patch?: string };
    expect(out.workspace).toBe("w");
    expect(out.files).toEqual([{ path: "new.txt", added: 1, removed: 0 }]);
    expect(out.patch).toBeUndefined();
  });

  it("finds a workspace by the start of a recorded session's id, and refuses a start two ids share, naming both", async () => {
    fx = new GitFixture();
    for (const [flag, sessionId] of [
      ["one", "abcd1111-0000-4000-8000-000000000001"],
      ["two", "abcd2222-0000-4000-8000-000000000002"],
    ] as const)
      releaseWorkspace(fx.ports(), (await openWorkspace(fx.ports(), fx.request({ flag, sessionId })))!);
    const one = await hmux(["diff", "abcd1", "--json", "--stat"]);
    expect(one.code, one.stderr).toBe(0);
    expect((JSON.parse(one.stdout) as { workspace: string }).workspace).toBe("one");
    const both = await hmux(["diff", "abcd"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('"abcd" is the start of 2 session ids');
  });

  it("refuses an unknown target with exit 2", async () => {
    fx = new GitFixture();
    const run = await hmux(["diff", "nothing-here"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no workspace or session named "nothing-here"');
  });
});
