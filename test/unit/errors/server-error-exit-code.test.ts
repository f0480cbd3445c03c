/**
 * A refusal the server answers reaches the user of the `hmux` command (a child process, talking to
 * a real server over its socket) as the exit code the error-code table gives the refusal's code:
 * 3 for a worktree another session holds, which crosses the wire as `launch-refused`, and 2 for a
 * session the server does not have.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { VERSION } from "../../../src/cli/main.js";
import { meaningOf } from "../../../src/core/error-codes.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { collect, spawnHmux } from "../../helpers/hmux-process.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** A server whose every launch is refused because another session holds the worktree. */
async function serverRefusingWorktrees() {
  const table = new SessionTable({
    clock: new FakeClock(),
    killWaitMs: 200,
    launcher: () => {
      throw new WorkspaceError("worktree login is in use by session claude-1", {
        issue: "workspace-in-use",
        hint: "end claude-1 first, or name another worktree",
      });
    },
  });
  const served = await serveFresh(table, cleanups, { prefix: "hmux-exit-code-", version: VERSION });
  const home = join(served.dir, "home");
  mkdirSync(home);
  return { env: { PATH: process.env.PATH, HOME: home, XDG_RUNTIME_DIR: served.dir }, cwd: served.dir };
}

describe("a server's refusal reaches the hmux command as the table's exit code", () => {
  it("a worktree in use exits 3 through the server, naming the session that holds it", async () => {
    const { env, cwd } = await serverRefusingWorktrees();
    const result = await collect(spawnHmux(["new", "claude", "--cwd", cwd], { env }));
    expect(result.stderr).toContain("in use by session claude-1");
    expect(result.stderr).toContain("hint: end claude-1 first");
    expect(result.code).toBe(meaningOf("workspace-in-use").exitCode);
    expect(result.code).toBe(3);
  });

  it("a session the server does not have exits with no-such-session's code", async () => {
    const { env } = await serverRefusingWorktrees();
    const result = await collect(spawnHmux(["kill", "nosuch"], { env }));
    expect(result.stderr).toContain("nosuch");
    expect(result.code).toBe(meaningOf("no-such-session").exitCode);
  });
});
