/** `hmux race`'s bad input through the real command line: each refused with what was wrong, before any worktree exists. */
import { afterEach, describe, expect, it } from "vitest";
import { systemBlockingClock } from "../../../src/main/system-clock.js";
import { WorkspaceRegistry } from "../../../src/workspace/registry.js";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture;
afterEach(() => {
  fx?.cleanup();
  process.exitCode = undefined;
});

const hmux = (args: string[]) => runHmux(args, { env: fx.env });

const noWorktrees = () => {
  expect(new WorkspaceRegistry(fx.env, systemBlockingClock).list()).toEqual([]);
  expect(fx.git(fx.repo, "branch", "--list", "hmux/*")).toBe("");
};

describe("hmux race refuses bad input before any worktree is made", () => {
  it("fewer than two harnesses: says how many it got and how to name more", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "--cwd", fx.repo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("a race needs at least 2 harnesses, got only claude");
    expect(r.stderr).toContain('hmux race "<prompt>" claude codex pi');
    // Refused before anything is said about how the race would run.
    expect(r.stderr).not.toMatch(/^race: /m);
    noWorktrees();
  });

  it("an unknown harness, naming the known ones", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "nope", "--cwd", fx.repo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nope/);
    expect(r.stderr).toMatch(/codex/);
    noWorktrees();
  });

  it("a folder outside any git repository, naming it", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.env.HOME!]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${fx.env.HOME} is not inside a git repository`);
    // The hint names only flags that were given: no --worktree here.
    expect(r.stderr).not.toContain("--worktree");
  });

  it("outside a repository the refusal is all it says: no note about how the race would have been gated", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.env.HOME!]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("is not inside a git repository");
    expect(r.stderr).not.toContain("nobody can answer mid-race");
  });

  it("a base that does not exist is refused before the gate note too", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.repo, "--base", "nope"]);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toContain("nobody can answer mid-race");
  });

  it("a base that does not exist", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.repo, "--base", "nope", "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--base nope is not a commit, branch or tag");
    // Under --json the refusal still ends the stream the way hmux run's does.
    expect(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).kind),
    ).toEqual(["failure", "done"]);
    noWorktrees();
  });

  it("resume flags and native arguments, which cannot apply to every contestant", async () => {
    fx = new GitFixture();
    const resume = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.repo, "--resume", "abc"]);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toContain("--resume has no place in a race");
    const native = await hmux(["race", "fix it", "claude", "codex", "--cwd", fx.repo, "--", "--verbose"]);
    expect(native.code).toBe(2);
    expect(native.stderr).toContain("native arguments after -- belong to one harness");
    noWorktrees();
  });

  it("pick and discard of a race nobody ran", async () => {
    fx = new GitFixture();
    const pick = await hmux(["race", "pick", "nope", "claude"]);
    expect(pick.code).toBe(2);
    expect(pick.stderr).toContain('no race named "nope"');
    const discard = await hmux(["race", "discard", "../etc"]);
    expect(discard.code).toBe(2);
    expect(discard.stderr).toContain("cannot be a file and branch name");
  });
});

describe("hmux race --demo", () => {
  it("refuses a single harness before it makes its scratch repository or starts a model", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "--demo", "claude"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("a race needs at least 2 harnesses, got only claude");
    expect(r.stderr).not.toContain("race demo: scratch repository");
  });

  it("refuses a bad --name before it makes its scratch repository or starts a model", async () => {
    fx = new GitFixture();
    const r = await hmux(["race", "--demo", "--name", "bad name/.."]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot be a file and branch name");
    expect(r.stderr).not.toContain("race demo: scratch repository");
  });
});
