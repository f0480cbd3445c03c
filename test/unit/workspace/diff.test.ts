import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseNumstat, workspaceDiff } from "../../../src/workspace/diff.js";
import { openWorkspace, releaseWorkspace, type WorkspaceLease } from "../../../src/workspace/lease.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

async function workspace(name: string): Promise<WorkspaceLease> {
  fx.write("src/app.ts", "one\ntwo\nthree\n");
  fx.write("old-name.txt", "same content here\nline 2\nline 3\n");
  fx.commit("base files");
  const lease = await openWorkspace(fx.ports(), fx.request({ flag: name }));
  releaseWorkspace(fx.ports(), lease!);
  return lease!;
}

describe("the changes of a workspace against its base", () => {
  it("counts committed, uncommitted and untracked changes, and leaves the agent's index untouched", async () => {
    fx = new GitFixture();
    const lease = await workspace("w");
    const at = lease.entry.path;
    fx.write("src/app.ts", "one\nTWO\nthree\nfour\n", at);
    fx.commit("edit app", at);
    fx.write("notes.md", "a\nb\n", at); // untracked
    writeFileSync(join(at, "README.md"), "hello\nworld\n"); // uncommitted
    const statusBefore = fx.git(at, "status", "--porcelain");
    const diff = await workspaceDiff(fx.ports().git, lease.entry);
    const byPath = Object.fromEntries(diff.files.map((f) => [f.path, [f.added, f.removed]]));
    expect(byPath).toEqual({ "src/app.ts": [2, 1], "notes.md": [2, 0], "README.md": [1, 0] });
    expect(diff.added).toBe(5);
    expect(diff.removed).toBe(1);
    expect(diff.patch).toContain("+TWO");
    expect(diff.patch).toContain("+++ b/notes.md");
    expect(fx.git(at, "status", "--porcelain")).toBe(statusBefore);
  });

  it("does not show work that landed on the base since as reversed (it diffs from the merge base)", async () => {
    fx = new GitFixture();
    const lease = await workspace("w");
    fx.write("landed.txt", "from someone else\n");
    fx.commit("landed on main meanwhile");
    fx.write("mine.txt", "x\n", lease.entry.path);
    const diff = await workspaceDiff(fx.ports().git, lease.entry);
    expect(diff.files.map((f) => f.path)).toEqual(["mine.txt"]);
  });

  it("reports a rename with its old path, and a deletion", async () => {
    fx = new GitFixture();
    const lease = await workspace("w");
    const at = lease.entry.path;
    renameSync(join(at, "old-name.txt"), join(at, "new-name.txt"));
    rmSync(join(at, "src", "app.ts"));
    const diff = await workspaceDiff(fx.ports().git, lease.entry);
    expect(diff.files).toContainEqual({ path: "new-name.txt", from: "old-name.txt", added: 0, removed: 0 });
    expect(diff.files).toContainEqual({ path: "src/app.ts", added: 0, removed: 3 });
  });

  it("colours the patch only when asked", async () => {
    fx = new GitFixture();
    const lease = await workspace("w");
    fx.write("mine.txt", "x\n", lease.entry.path);
    const plain = await workspaceDiff(fx.ports().git, lease.entry);
    const coloured = await workspaceDiff(fx.ports().git, lease.entry, { color: true });
    expect(plain.patch).not.toContain("\u001b[");
    expect(coloured.patch).toContain("\u001b[");
  });
});

describe("git diff --numstat -z", () => {
  it("parses plain entries, renames and binary files", () => {
    const text = "3\t1\tsrc/a.ts\0" + "0\t0\t\0old.txt\0new.txt\0" + "-\t-\timg.png\0";
    expect(parseNumstat(text)).toEqual([
      { path: "src/a.ts", added: 3, removed: 1 },
      { path: "new.txt", from: "old.txt", added: 0, removed: 0 },
      { path: "img.png", added: null, removed: null },
    ]);
  });
});
