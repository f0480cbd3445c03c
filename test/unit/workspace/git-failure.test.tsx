import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { createGitRunner } from "../../../src/spawn/git-runner.js";
import { ScorecardOverlay } from "../../../src/ui/components/overlays/ScorecardOverlay.js";
import { gitOut, gitReason } from "../../../src/workspace/git.js";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A repository with a staged file, under a HOME and environment that give git no identity at all. */
function repoWithoutIdentity(): { repo: string; env: Record<string, string> } {
  const repo = mkdtempSync(join(tmpdir(), "hmux-git-failure-"));
  roots.push(repo);
  const env = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: repo,
    GIT_CONFIG_NOSYSTEM: "1",
    // Never guess a name from the host: the machine running the test must not decide the outcome.
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "user.useConfigOnly",
    GIT_CONFIG_VALUE_0: "true",
  };
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo, env });
  writeFileSync(join(repo, "a.txt"), "a\n");
  execFileSync("git", ["add", "a.txt"], { cwd: repo, env });
  return { repo, env };
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (err) {
    return err as Error;
  }
  throw new Error("expected a failure");
}

describe("a git failure leads with git's own reason", () => {
  it("a commit with no identity says git has no user.name/user.email and how to set them, before the long command", async () => {
    const { repo, env } = repoWithoutIdentity();
    const git = createGitRunner({ env });
    const subject = `race r-${"x".repeat(120)}: picked claude`;
    const err = await failure(() => gitOut(git, ["commit", "--quiet", "--no-verify", "-m", subject], { cwd: repo }));
    expect(err.message.startsWith("git has no user.name / user.email")).toBe(true);
    expect(err.message).toContain("git config --global user.email");
    expect(err.message).not.toContain(subject);
  });

  it("any other failure starts with git's first meaningful line, and says which command failed where", async () => {
    const { repo, env } = repoWithoutIdentity();
    const git = createGitRunner({ env });
    const err = await failure(() =>
      gitOut(git, ["rev-parse", "--verify", "--quiet", "no-such-ref^{commit}"], { cwd: repo }),
    );
    // rev-parse --quiet says nothing: the exit code stands in.
    expect(err.message).toBe(`exit code 1 (git rev-parse in ${repo})`);
    const checkout = await failure(() => gitOut(git, ["checkout", "no-such-branch"], { cwd: repo }));
    expect(checkout.message).toMatch(/^error: pathspec 'no-such-branch' did not match/);
    expect(checkout.message).toContain(`(git checkout in ${repo})`);
  });

  it("a progress line git prints before failing is not taken for the reason", () => {
    const worktreeAdd = {
      code: 1,
      stdout: "",
      stderr: "Preparing worktree (new branch 'hmux/full')\nNo space left on device\n",
    };
    expect(gitReason(worktreeAdd)).toBe("No space left on device");
    const fatal = {
      code: 128,
      stdout: "",
      stderr: "Cloning into 'x'...\nfatal: repository 'x' does not exist\nhint: see git help\n",
    };
    expect(gitReason(fatal)).toBe("fatal: repository 'x' does not exist");
  });

  it("the scorecard wraps a failed pick's message instead of cutting its reason off", () => {
    const message =
      "pick failed: git has no user.name / user.email to commit with; set them with git config --global user.name";
    const frame = render(
      <ScorecardOverlay
        race={{
          name: "r1",
          prompt: "p",
          check: null,
          contestants: [],
          phase: "running",
          scorecard: null,
          message,
          busy: null,
          ended: false,
        }}
        selected={0}
        confirm={null}
        scroll={0}
        width={60}
        height={20}
      />,
    ).lastFrame()!;
    const text = frame.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("set them with git config --global user.name");
  });
});
