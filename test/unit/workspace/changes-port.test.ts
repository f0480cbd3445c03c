/**
 * The changes view's git work (src/tui-client/workspace-changes.ts) against a real temporary
 * repository: the diff against the base and per turn, commit, merge (fast-forward and a
 * conflict), discard — and that none of it touches the main checkout, its index or the stash.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { workspaceChanges } from "../../../src/tui-client/workspace-changes.js";
import { ChangesFailure, type SessionChanges } from "../../../src/ui/changes-port.js";
import { openWorkspace, releaseWorkspace, type WorkspaceLease } from "../../../src/workspace/lease.js";
import { recordTurnStart } from "../../../src/workspace/turns.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

async function worktree(name = "w"): Promise<{ lease: WorkspaceLease; changes: SessionChanges }> {
  const ports = fx.ports();
  const lease = (await openWorkspace(ports, fx.request({ flag: name })))!;
  releaseWorkspace(ports, lease);
  return { lease, changes: workspaceChanges(ports, { repo: lease.entry.repo, name }) };
}

async function failure(p: Promise<unknown>): Promise<ChangesFailure> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ChangesFailure);
  return err as ChangesFailure;
}

const tip = (ref: string) => fx.git(fx.repo, "rev-parse", ref).trim();

describe("the changes view's git work", () => {
  it("lists an agent's uncommitted edit and new file against the base, with counts and the diff", async () => {
    fx = new GitFixture();
    const { lease, changes } = await worktree();
    fx.write("README.md", "hello\nmore\n", lease.entry.path);
    fx.write("new.txt", "a\nb\n", lease.entry.path);
    const data = await changes.load({ kind: "base" });
    expect(data.files.map((f) => [f.path, f.added, f.removed])).toEqual([
      ["README.md", 1, 0],
      ["new.txt", 2, 0],
    ]);
    expect(data.patch).toContain("+more");
    expect(data.patch).not.toContain("\u001b[");
    expect(data.status).toEqual({ ahead: 0, behind: 0, dirty: 2 });
  });

  it("shows one turn's changes only, from its recorded start to the next turn's", async () => {
    fx = new GitFixture();
    const { lease, changes } = await worktree();
    const registry = fx.ports().registry();
    await recordTurnStart(fx.ports().git, registry, lease.entry, "t1", new Date());
    fx.write("one.txt", "1\n", lease.entry.path);
    await recordTurnStart(fx.ports().git, registry, lease.entry, "t2", new Date());
    fx.write("two.txt", "2\n", lease.entry.path);
    const latest = await changes.load({ kind: "turn", turn: null });
    expect([latest.turn, latest.turns, latest.files.map((f) => f.path)]).toEqual([2, 2, ["two.txt"]]);
    const first = await changes.load({ kind: "turn", turn: 1 });
    expect(first.files.map((f) => f.path)).toEqual(["one.txt"]);
  });

  it("commit then merge puts the agent's file on the base branch by fast-forward", async () => {
    fx = new GitFixture();
    const { lease, changes } = await worktree();
    fx.write("feature.txt", "done\n", lease.entry.path);
    const committed = await changes.commit("add the feature");
    expect(committed.files).toBe(1);
    expect(fx.git(lease.entry.path, "log", "-1", "--format=%s").trim()).toBe("add the feature");
    expect(await changes.status()).toEqual({ ahead: 1, behind: 0, dirty: 0 });
    const merged = await changes.merge();
    expect(merged.how).toBe("fast-forward");
    expect(tip("main")).toBe(committed.commit);
    expect(readFileSync(join(fx.repo, "feature.txt"), "utf8")).toBe("done\n");
  });

  it("refuses a commit with nothing in it, and one without a message", async () => {
    fx = new GitFixture();
    const { changes } = await worktree();
    expect((await failure(changes.commit("x"))).message).toContain("nothing to commit");
    expect((await failure(changes.commit("   "))).message).toContain("needs a message");
  });

  it("reports a merge conflict with its files and aborts it, the base untouched", async () => {
    fx = new GitFixture();
    const { lease, changes } = await worktree();
    fx.write("README.md", "agent\n", lease.entry.path);
    await changes.commit("agent edits README");
    fx.write("README.md", "user\n");
    fx.commit("user edits README");
    const before = tip("main");
    const err = await failure(changes.merge());
    expect(err.files).toEqual(["README.md"]);
    expect(err.hint).toBeDefined();
    expect(tip("main")).toBe(before);
    expect(fx.git(fx.repo, "status", "--porcelain").trim()).toBe("");
    expect(existsSync(join(fx.repo, ".git", "MERGE_HEAD"))).toBe(false);
  });

  it("discard resets the worktree to its base and leaves the main checkout's index and stash alone", async () => {
    fx = new GitFixture();
    const { lease, changes } = await worktree();
    fx.write("kept.txt", "the user's staged work\n");
    fx.git(fx.repo, "add", "kept.txt");
    fx.write("README.md", "the user's unstaged edit\n");
    const stashBefore = fx.git(fx.repo, "stash", "list");
    const indexBefore = fx.git(fx.repo, "diff", "--cached", "--name-only");
    fx.write("a.txt", "a\n", lease.entry.path);
    await changes.commit("agent commit");
    fx.write("b.txt", "b\n", lease.entry.path);
    fx.write("README.md", "agent edit\n", lease.entry.path);
    const done = await changes.discard();
    expect([done.files, done.commits]).toEqual([2, 1]);
    expect(fx.git(lease.entry.path, "status", "--porcelain").trim()).toBe("");
    expect(fx.git(lease.entry.path, "rev-parse", "HEAD").trim()).toBe(lease.entry.baseCommit);
    expect(existsSync(join(lease.entry.path, "b.txt"))).toBe(false);
    expect(fx.git(fx.repo, "diff", "--cached", "--name-only")).toBe(indexBefore);
    expect(readFileSync(join(fx.repo, "README.md"), "utf8")).toBe("the user's unstaged edit\n");
    expect(fx.git(fx.repo, "stash", "list")).toBe(stashBefore);
    expect((await changes.load({ kind: "base" })).files).toEqual([]);
  });

  it("refuses to commit or discard where the registry points at the main checkout", async () => {
    fx = new GitFixture();
    const { lease } = await worktree();
    const ports = fx.ports();
    ports.registry().update((entries) => {
      entries[0] = { ...entries[0]!, path: lease.entry.repo };
    });
    const changes = workspaceChanges(ports, { repo: lease.entry.repo, name: "w" });
    fx.write("README.md", "user\n");
    const err = await failure(changes.discard());
    expect(err.message).toContain("leaves it alone");
    expect(readFileSync(join(fx.repo, "README.md"), "utf8")).toBe("user\n");
    await failure(changes.commit("no"));
    expect(fx.git(fx.repo, "log", "--format=%s").trim()).toBe("first");
  });
});
