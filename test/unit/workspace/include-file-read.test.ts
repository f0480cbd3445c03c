/**
 * `.worktreeinclude` comes with the repository, so it may be anything: a FIFO, a link to
 * /dev/zero, a huge file, a dangling link. Each is refused with its path (typed, exit 2) instead
 * of hanging the launch or eating memory, and the worktree made for the launch is removed again.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import { INCLUDE_FILE_MAX_BYTES } from "../../../src/workspace/include.js";
import { openWorkspace } from "../../../src/workspace/lease.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

async function refusalOf(promise: Promise<unknown>): Promise<WorkspaceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkspaceError);
  return err as WorkspaceError;
}

/** A repository whose `.worktreeinclude` is whatever `place` puts at its path. */
function repoWithInclude(place: (path: string) => void): string {
  fx = new GitFixture();
  fx.write(".gitignore", ".env\n");
  fx.commit("ignore");
  fx.write(".env", "KEY=1\n");
  const path = join(fx.repo, ".worktreeinclude");
  place(path);
  return path;
}

async function expectRefused(path: string, reason: string): Promise<void> {
  const err = await refusalOf(openWorkspace(fx.ports(), fx.request({ flag: "feat" })));
  expect(err.issue).toBe("invalid-worktree-include");
  expect(err.exitCode).toBe(2);
  expect(err.message).toContain(path);
  expect(err.message).toContain(reason);
  expect(fx.ports().registry().list()).toEqual([]);
  expect(existsSync(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "feat"))).toBe(false);
}

describe("reading .worktreeinclude", () => {
  it("a FIFO is refused with its path, without waiting for a writer", async () => {
    const path = repoWithInclude((p) => execFileSync("mkfifo", [p]));
    await expectRefused(path, "it is a FIFO, not a regular file");
  });

  it("a symlink to /dev/zero is refused with its path instead of being read forever", async () => {
    const path = repoWithInclude((p) => symlinkSync("/dev/zero", p));
    await expectRefused(path, "it is a symlink to /dev/zero, not to a regular file");
  });

  it("a file larger than the bound is refused with its path and the bound", async () => {
    const path = repoWithInclude((p) => writeFileSync(p, `.env\n${"#".repeat(INCLUDE_FILE_MAX_BYTES)}\n`));
    await expectRefused(path, `larger than ${INCLUDE_FILE_MAX_BYTES} bytes`);
  });

  it("a dangling symlink is reported, not taken for no file", async () => {
    const path = repoWithInclude((p) => symlinkSync(join(fx.repo, "nowhere"), p));
    await expectRefused(path, "which does not exist");
  });

  it("a plain list within the bound still copies the ignored files it names", async () => {
    repoWithInclude((p) => writeFileSync(p, ".env\n"));
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "feat" }));
    expect(readFileSync(join(lease!.entry.path, ".env"), "utf8")).toBe("KEY=1\n");
  });
});
