import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EXIT_WOULD_LOSE_WORK, WorkspaceError } from "../../../src/workspace/errors.js";
import { openWorkspace, releaseWorkspace, type WorkspaceLease } from "../../../src/workspace/lease.js";
import { collectGarbage, findWorkspace, removeWorkspace } from "../../../src/workspace/remove.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

/** A workspace no session holds any more (its hmux ended). */
async function idle(name: string): Promise<WorkspaceLease> {
  const lease = await openWorkspace(fx.ports(), fx.request({ flag: name }));
  releaseWorkspace(fx.ports(), lease!);
  return lease!;
}

async function rm(name: string, options: { force?: boolean; keepBranch?: boolean } = {}) {
  const ports = fx.ports();
  const registry = ports.registry();
  return removeWorkspace(ports.git, registry, findWorkspace(registry, name), { ...options, alive: ports.alive! });
}

async function refusal(promise: Promise<unknown>): Promise<WorkspaceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkspaceError);
  return err as WorkspaceError;
}

describe("hmux workspace rm", () => {
  it("removes a clean workspace: its worktree, its branch and its registry entry", async () => {
    fx = new GitFixture();
    const lease = await idle("clean");
    const removed = await rm("clean");
    expect(removed.branchDeleted).toBe(true);
    expect(existsSync(lease.entry.path)).toBe(false);
    expect(fx.git(fx.repo, "branch", "--list", "hmux/clean").trim()).toBe("");
    expect(fx.ports().registry().list()).toEqual([]);
  });

  it("refuses while a session lives in it, naming the hmux process; --force removes it", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "busy", sessionId: "sess-1" }));
    fx.livePids.add(4242);
    const err = await refusal(rm("busy"));
    expect(err.issue).toBe("workspace-in-use");
    expect(err.exitCode).toBe(EXIT_WOULD_LOSE_WORK);
    expect(err.message).toContain("hmux pid 4242");
    expect(err.message).toContain("sess-1");
    expect(existsSync(lease!.entry.path)).toBe(true);
    await rm("busy", { force: true });
    expect(existsSync(lease!.entry.path)).toBe(false);
  });

  it("refuses with uncommitted changes, naming each file that would be lost", async () => {
    fx = new GitFixture();
    const lease = await idle("dirty");
    writeFileSync(join(lease.entry.path, "README.md"), "changed\n");
    writeFileSync(join(lease.entry.path, "new-notes.md"), "draft\n");
    const err = await refusal(rm("dirty"));
    expect(err.issue).toBe("workspace-uncommitted-changes");
    expect(err.exitCode).toBe(EXIT_WOULD_LOSE_WORK);
    expect(err.message).toContain("README.md");
    expect(err.message).toContain("new-notes.md");
    expect(existsSync(join(lease.entry.path, "new-notes.md"))).toBe(true);
    const forced = await rm("dirty", { force: true });
    expect(forced.discarded.join("\n")).toContain("new-notes.md");
    expect(existsSync(lease.entry.path)).toBe(false);
  });

  it("refuses while its branch holds commits that neither the base nor any remote has, naming them", async () => {
    fx = new GitFixture();
    const lease = await idle("work");
    fx.write("feature.ts", "export {};\n", lease.entry.path);
    fx.commit("add the feature", lease.entry.path);
    const err = await refusal(rm("work"));
    expect(err.issue).toBe("workspace-unmerged-commits");
    expect(err.message).toContain("add the feature");
    expect(fx.git(fx.repo, "branch", "--list", "hmux/work").trim()).not.toBe("");
  });

  it("removes it once those commits are merged into the base", async () => {
    fx = new GitFixture();
    const lease = await idle("merged");
    fx.write("feature.ts", "export {};\n", lease.entry.path);
    fx.commit("add the feature", lease.entry.path);
    fx.git(fx.repo, "merge", "-q", "--ff-only", "hmux/merged");
    await rm("merged");
    expect(existsSync(lease.entry.path)).toBe(false);
  });

  it("removes it once those commits are on a remote branch", async () => {
    fx = new GitFixture();
    const remote = join(fx.root, "remote.git");
    fx.git(fx.root, "init", "-q", "--bare", remote);
    fx.git(fx.repo, "remote", "add", "origin", remote);
    const lease = await idle("pushed");
    fx.write("feature.ts", "export {};\n", lease.entry.path);
    fx.commit("add the feature", lease.entry.path);
    fx.git(lease.entry.path, "push", "-q", "origin", "hmux/pushed");
    await rm("pushed");
    expect(existsSync(lease.entry.path)).toBe(false);
  });

  it("--keep-branch removes the worktree but keeps the branch that holds the commits", async () => {
    fx = new GitFixture();
    const lease = await idle("keep");
    fx.write("feature.ts", "export {};\n", lease.entry.path);
    fx.commit("add the feature", lease.entry.path);
    const removed = await rm("keep", { keepBranch: true });
    expect(removed.branchDeleted).toBe(false);
    expect(existsSync(lease.entry.path)).toBe(false);
    expect(fx.git(fx.repo, "log", "-1", "--format=%s", "hmux/keep").trim()).toBe("add the feature");
  });

  it("refuses an unknown name, listing the ones that exist", async () => {
    fx = new GitFixture();
    await idle("real");
    const err = await refusal(rm("nope"));
    expect(err.issue).toBe("unknown-workspace");
    expect(err.exitCode).toBe(2);
    expect(err.hint).toContain("repo/real");
  });
});

describe("hmux workspace gc", () => {
  it("removes only orphans that are clean; keeps dirty ones (saying why) and leaves live ones alone", async () => {
    fx = new GitFixture();
    const clean = await idle("clean");
    const dirty = await idle("dirty");
    writeFileSync(join(dirty.entry.path, "unsaved.txt"), "x\n");
    const live = await openWorkspace(fx.ports(777), fx.request({ flag: "live" }));
    fx.livePids.add(777);
    const ports = fx.ports();
    const report = await collectGarbage(ports.git, ports.registry(), { alive: ports.alive! });
    expect(report.removed.map((e) => e.name)).toEqual(["clean"]);
    expect(report.kept.map((k) => k.entry.name)).toEqual(["dirty"]);
    expect(report.kept[0]?.reason).toContain("unsaved.txt");
    expect(existsSync(clean.entry.path)).toBe(false);
    expect(existsSync(dirty.entry.path)).toBe(true);
    expect(existsSync(live!.entry.path)).toBe(true);
  });

  it("forgets a workspace whose repository and folder are both gone", async () => {
    fx = new GitFixture();
    await idle("lost");
    rmSync(fx.repo, { recursive: true, force: true });
    rmSync(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees"), { recursive: true, force: true });
    const ports = fx.ports();
    const report = await collectGarbage(ports.git, ports.registry(), { alive: ports.alive! });
    expect(report.removed.map((e) => e.name)).toEqual(["lost"]);
    expect(ports.registry().list()).toEqual([]);
  });

  it("--dry-run removes nothing", async () => {
    fx = new GitFixture();
    const clean = await idle("clean");
    const ports = fx.ports();
    const report = await collectGarbage(ports.git, ports.registry(), { dryRun: true, alive: ports.alive! });
    expect(report.removed.map((e) => e.name)).toEqual(["clean"]);
    expect(existsSync(clean.entry.path)).toBe(true);
  });

  it("treats a session whose hmux died as gone: its workspace is an orphan", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(999), fx.request({ flag: "crashed" }));
    const ports = fx.ports();
    const report = await collectGarbage(ports.git, ports.registry(), { alive: ports.alive! });
    expect(report.removed.map((e) => e.name)).toEqual(["crashed"]);
    expect(existsSync(lease!.entry.path)).toBe(false);
  });
});
