import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import { openWorkspace } from "../../../src/workspace/lease.js";
import { recordTurnStart, turnDiff } from "../../../src/workspace/turns.js";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => {
  fx?.cleanup();
  process.exitCode = undefined;
});

describe("what each turn changed", () => {
  it("turn n spans from its start to the next turn's start; the last turn runs to the worktree now", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "w" }));
    const registry = fx.ports().registry();
    const git = fx.ports().git;
    const at = lease!.entry.path;
    await recordTurnStart(git, registry, lease!.entry, "t1", new Date());
    fx.write("first.txt", "1\n", at);
    await recordTurnStart(git, registry, lease!.entry, "t2", new Date());
    fx.write("second.txt", "2\n2\n", at);
    const entry = registry.list()[0]!;
    const one = await turnDiff(git, entry, 1);
    const two = await turnDiff(git, entry, 2);
    expect(one.files).toEqual([{ path: "first.txt", added: 1, removed: 0 }]);
    expect(two.files).toEqual([{ path: "second.txt", added: 2, removed: 0 }]);
    expect(two.turnId).toBe("t2");
    expect(fx.git(at, "status", "--porcelain")).toBe("?? first.txt\n?? second.txt\n"); // nothing staged by hmux
  });

  it("refuses a turn that was not recorded, saying which exist", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "w" }));
    await recordTurnStart(fx.ports().git, fx.ports().registry(), lease!.entry, "t1", new Date());
    const err = await turnDiff(fx.ports().git, fx.ports().registry().list()[0]!, 2).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkspaceError);
    expect((err as Error).message).toContain("turns 1 to 1");
  });

  it("hmux run --worktree records its turn before the harness starts, so hmux diff --turn 1 is exactly the harness's changes", async () => {
    fx = new GitFixture();
    const fake = join(fx.root, "fake-claude.mjs");
    writeFileSync(
      fake,
      `#!${process.execPath}
import { writeFileSync } from "node:fs";
writeFileSync("agent.txt", "by the agent\\n");
console.log(JSON.stringify({ type: "system", subtype: "init", session_id: "s1", cwd: process.cwd() }));
console.log(JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "ok", session_id: "s1" }));
`,
    );
    chmodSync(fake, 0o755);
    const env = { ...fx.env, HMUX_CLAUDE_BIN: fake };
    expect((await runHmux(["run", "claude", "go", "--worktree", "w", "--cwd", fx.repo], { env })).code).toBe(0);
    const diff = await runHmux(["diff", "w", "--turn", "1", "--json", "--stat"], { env });
    expect(diff.code).toBe(0);
    expect(JSON.parse(diff.stdout)).toMatchObject({ turn: 1, files: [{ path: "agent.txt", added: 1, removed: 0 }] });
  });
});
