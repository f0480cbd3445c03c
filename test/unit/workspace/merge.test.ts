import { afterEach, describe, expect, it } from "vitest";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import { openWorkspace, releaseWorkspace, type WorkspaceLease } from "../../../src/workspace/lease.js";
import { mergeWorkspace } from "../../../src/workspace/merge.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

async function workspaceWithCommit(name: string, file = "feature.txt", text = "new\n"): Promise<WorkspaceLease> {
  const lease = await openWorkspace(fx.ports(), fx.request({ flag: name }));
  releaseWorkspace(fx.ports(), lease!);
  fx.write(file, text, lease!.entry.path);
  fx.commit(`work in ${name}`, lease!.entry.path);
  return lease!;
}

async function refusal(promise: Promise<unknown>): Promise<WorkspaceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkspaceError);
  return err as WorkspaceError;
}

const tip = (ref: string) => fx.git(fx.repo, "rev-parse", ref).trim();

describe("merging a workspace into its base", () => {
  it("fast-forwards the base when it has not moved", async () => {
    fx = new GitFixture();
    const lease = await workspaceWithCommit("w");
    const result = await mergeWorkspace(fx.ports().git, lease.entry);
    expect(result.how).toBe("fast-forward");
    expect(tip("main")).toBe(tip("hmux/w"));
  });

  it("makes a merge commit when the base moved on, or when asked", async () => {
    fx = new GitFixture();
    const lease = await workspaceWithCommit("w");
    fx.write("other.txt", "theirs\n");
    fx.commit("meanwhile on main");
    const result = await mergeWorkspace(fx.ports().git, lease.entry);
    expect(result.how).toBe("merge-commit");
    expect(fx.git(fx.repo, "rev-list", "--parents", "-n", "1", "main").trim().split(" ")).toHaveLength(3);
  });

  it("reports a conflict with its files, aborts, and leaves the base as it was", async () => {
    fx = new GitFixture();
    const lease = await workspaceWithCommit("w", "README.md", "from the agent\n");
    fx.write("README.md", "from main\n");
    fx.commit("main edits the same line");
    const before = tip("main");
    const err = await refusal(mergeWorkspace(fx.ports().git, lease.entry));
    expect(err.issue).toBe("workspace-merge-conflict");
    expect(err.message).toContain("README.md");
    expect(tip("main")).toBe(before);
    expect(fx.git(fx.repo, "status", "--porcelain").trim()).toBe("");
  });

  it("refuses while the workspace has uncommitted changes, which the merge would leave behind", async () => {
    fx = new GitFixture();
    const lease = await workspaceWithCommit("w");
    fx.write("unsaved.txt", "x\n", lease.entry.path);
    const err = await refusal(mergeWorkspace(fx.ports().git, lease.entry));
    expect(err.issue).toBe("workspace-uncommitted-changes");
    expect(err.message).toContain("unsaved.txt");
  });

  it("refuses to merge into a checkout of the base that has uncommitted changes", async () => {
    fx = new GitFixture();
    const lease = await workspaceWithCommit("w");
    fx.write("README.md", "edited, not committed\n");
    const before = tip("main");
    const err = await refusal(mergeWorkspace(fx.ports().git, lease.entry));
    expect(err.message).toContain(fx.repo);
    expect(tip("main")).toBe(before);
  });

  it("fast-forwards a base that is checked out nowhere, and refuses a merge that would need a checkout", async () => {
    fx = new GitFixture();
    fx.git(fx.repo, "branch", "release");
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "w", base: "release" }));
    releaseWorkspace(fx.ports(), lease!);
    fx.write("fix.txt", "fix\n", lease!.entry.path);
    fx.commit("the fix", lease!.entry.path);
    expect((await mergeWorkspace(fx.ports().git, lease!.entry)).how).toBe("fast-forward");
    expect(tip("release")).toBe(tip("hmux/w"));
    fx.write("more.txt", "more\n", lease!.entry.path);
    fx.commit("more", lease!.entry.path);
    const err = await refusal(mergeWorkspace(fx.ports().git, lease!.entry, { noFastForward: true }));
    expect(err.issue).toBe("workspace-merge-conflict");
  });
});
