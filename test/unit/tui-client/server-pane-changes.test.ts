/**
 * A server pane offers the changes view when the TUI can reach its worktree: the session's row
 * names a workspace and the TUI was given this machine's workspace ports (the server runs
 * here). Checked on a real temporary git repository.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { SessionSummary } from "../../../src/protocol/index.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { openWorkspace, releaseWorkspace } from "../../../src/workspace/lease.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture | undefined;
afterEach(() => fx?.cleanup());

const unused = () => {
  throw new Error("portFor must not reach the server");
};
const link = { request: unused, onEvent: unused, onClose: unused, onTable: unused };

function row(extra: Partial<SessionSummary> = {}): SessionSummary {
  return {
    id: "s1",
    name: "s1",
    harness: "claude",
    lifecycle: "idle",
    cwd: "/w",
    createdAt: new Date(0).toISOString(),
    pending: 0,
    harnessSessionId: null,
    ...extra,
  } as SessionSummary;
}

function panes(workspace?: ReturnType<GitFixture["ports"]>): ServerPanes {
  return new ServerPanes({
    now: Date.now,
    link,
    cwd: "/w",
    ...(workspace ? { workspace } : {}),
  });
}

describe("a server pane's changes view", () => {
  it("shows the agent's edit in the session's worktree when the row has a workspace and the server is local", async () => {
    fx = new GitFixture();
    const ports = fx.ports();
    const lease = (await openWorkspace(ports, fx.request({ flag: "w" })))!;
    releaseWorkspace(ports, lease);
    fx.write("agent.txt", "edit\n", lease.entry.path);
    const e = lease.entry;
    const port = panes(ports).portFor(
      row({ workspace: { name: e.name, branch: e.branch, base: e.base, repo: e.repo, path: e.path } }),
    );
    const data = await port.changes!.load({ kind: "base" });
    expect(data.files.map((f) => f.path)).toEqual(["agent.txt"]);
    expect(data.branch).toBe(e.branch);
  });

  it("is not offered for a session that runs in a plain folder", () => {
    fx = new GitFixture();
    expect(panes(fx.ports()).portFor(row()).changes).toBeUndefined();
  });

  it("is not offered when the TUI has no workspace ports (a server on another host)", () => {
    const workspace = { name: "w", branch: "hmux/w", base: "main", repo: "/r", path: "/r/w" };
    expect(panes().portFor(row({ workspace })).changes).toBeUndefined();
  });
});
