import { chmodSync, existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import {
  abandonWorkspace,
  claimWorkspaceAt,
  openWorkspace,
  releaseWorkspace,
  setUpWorkspace,
} from "../../../src/workspace/lease.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

async function refusal(promise: Promise<unknown>): Promise<WorkspaceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WorkspaceError);
  return err as WorkspaceError;
}

describe("opening a workspace for a launch", () => {
  it("adds a worktree on branch hmux/<name> at the base's commit under XDG state, and registers this hmux as its holder", async () => {
    fx = new GitFixture();
    const head = fx.git(fx.repo, "rev-parse", "HEAD").trim();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "feat" }));
    expect(lease?.entry.path).toBe(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "feat"));
    expect(fx.git(lease!.entry.path, "symbolic-ref", "--short", "HEAD").trim()).toBe("hmux/feat");
    expect(fx.git(lease!.entry.path, "rev-parse", "HEAD").trim()).toBe(head);
    expect(lease?.entry).toMatchObject({ base: "main", baseCommit: head, holders: [{ pid: 4242, harness: "claude" }] });
    expect(lease?.launch).toMatchObject({ name: "feat", branch: "hmux/feat", tier: "arg" });
  });

  it("starts from --base REF, not HEAD", async () => {
    fx = new GitFixture();
    const first = fx.git(fx.repo, "rev-parse", "HEAD").trim();
    fx.write("later.txt", "x\n");
    fx.commit("second");
    const lease = await openWorkspace(fx.ports(), fx.request({ base: first }));
    expect(fx.git(lease!.entry.path, "rev-parse", "HEAD").trim()).toBe(first);
    expect(existsSync(join(lease!.entry.path, "later.txt"))).toBe(false);
  });

  it("never reuses someone's branch: a taken hmux/<name> gets a numeric suffix", async () => {
    fx = new GitFixture();
    fx.git(fx.repo, "branch", "hmux/feat");
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: "feat" }));
    expect(lease?.entry.branch).toBe("hmux/feat-2");
    expect(lease?.notes.join("\n")).toContain("using feat-2");
  });

  it("copies the ignored files .worktreeinclude names, and warns about a named file that does not exist", async () => {
    fx = new GitFixture();
    fx.write(".gitignore", ".env\nsecrets/\nbuild/\n");
    fx.write(".worktreeinclude", ".env\nsecrets/\n.env.local\n");
    fx.commit("ignore");
    fx.write(".env", "KEY=1\n");
    fx.write("secrets/a.json", "{}\n");
    fx.write("build/out.js", "big\n");
    const lease = await openWorkspace(fx.ports(), fx.request());
    const at = lease!.entry.path;
    expect(readFileSync(join(at, ".env"), "utf8")).toBe("KEY=1\n");
    expect(existsSync(join(at, "secrets", "a.json"))).toBe(true);
    expect(existsSync(join(at, "build", "out.js"))).toBe(false); // ignored but not named
    expect(lease!.notes.some((n) => n.startsWith("warning:") && n.includes(".env.local"))).toBe(true);
  });

  it("refuses outside a git repository, naming the folder", async () => {
    fx = new GitFixture();
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ cwd: fx.env.HOME! })));
    expect(err.issue).toBe("not-a-git-repository");
    expect(err.message).toContain(fx.env.HOME!);
    expect(err.exitCode).toBe(2);
  });

  it("refuses a base that does not exist and leaves no worktree or registry entry", async () => {
    fx = new GitFixture();
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ flag: "x", base: "no-such-branch" })));
    expect(err.issue).toBe("unknown-base");
    expect(fx.ports().registry().list()).toEqual([]);
    expect(fx.git(fx.repo, "branch", "--list", "hmux/*").trim()).toBe("");
  });

  it("refuses a name that cannot be a folder and branch", async () => {
    fx = new GitFixture();
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ flag: "../escape" })));
    expect(err.issue).toBe("invalid-workspace-name");
  });

  it("makes no worktree unless asked (flag or config auto), and --no-worktree overrides auto", async () => {
    fx = new GitFixture();
    const auto = { version: 1 as const, workspace: { worktree: "auto" as const } };
    expect(await openWorkspace(fx.ports(), fx.request({ flag: undefined }))).toBeNull();
    expect(await openWorkspace(fx.ports(), fx.request({ flag: false, user: auto }))).toBeNull();
    const lease = await openWorkspace(fx.ports(), fx.request({ flag: undefined, user: auto }));
    expect(lease?.launch.tier).toBe("user-config");
  });

  it("config auto outside a git repository runs in place, while --worktree there is refused", async () => {
    fx = new GitFixture();
    const auto = { version: 1 as const, workspace: { worktree: "auto" as const } };
    expect(await openWorkspace(fx.ports(), fx.request({ cwd: fx.env.HOME!, flag: undefined, user: auto }))).toBeNull();
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ cwd: fx.env.HOME!, flag: true, user: auto })));
    expect(err.issue).toBe("not-a-git-repository");
  });

  it("reuses an hmux workspace by name, but refuses while another live hmux holds it", async () => {
    fx = new GitFixture();
    const first = await openWorkspace(fx.ports(1001), fx.request({ flag: "shared" }));
    fx.livePids.add(1001);
    const err = await refusal(openWorkspace(fx.ports(1002), fx.request({ flag: "shared" })));
    expect(err.issue).toBe("workspace-in-use");
    fx.livePids.delete(1001);
    const again = await openWorkspace(fx.ports(1002), fx.request({ flag: "shared" }));
    expect(again?.fresh).toBe(false);
    expect(again?.entry.path).toBe(first?.entry.path);
  });

  it("abandoning a refused launch removes the worktree and branch it created; releasing keeps them", async () => {
    fx = new GitFixture();
    const kept = await openWorkspace(fx.ports(), fx.request({ flag: "kept" }));
    releaseWorkspace(fx.ports(), kept!);
    expect(existsSync(kept!.entry.path)).toBe(true);
    expect(fx.ports().registry().list()[0]?.holders).toEqual([]);
    const gone = await openWorkspace(fx.ports(), fx.request({ flag: "gone" }));
    await abandonWorkspace(fx.ports(), gone!);
    expect(existsSync(gone!.entry.path)).toBe(false);
    expect(fx.git(fx.repo, "branch", "--list", "hmux/gone").trim()).toBe("");
    expect(
      fx
        .ports()
        .registry()
        .list()
        .map((e) => e.name),
    ).toEqual(["kept"]);
  });

  it("a session resumed in a workspace's folder holds the workspace again; a folder that is none is left alone", async () => {
    fx = new GitFixture();
    const first = await openWorkspace(fx.ports(1001), fx.request({ flag: "w", sessionId: "s1" }));
    releaseWorkspace(fx.ports(1001), first!);
    const again = claimWorkspaceAt(fx.ports(1002), first!.entry.path, { harness: "claude", sessionId: "s1" });
    expect(again?.entry.holders.map((h) => h.pid)).toEqual([1002]);
    expect(claimWorkspaceAt(fx.ports(1003), fx.repo, { harness: "claude", sessionId: "s2" })).toBeNull();
  });

  it("a worktree belongs to one live session even when every session runs in one hmux process (the server, a TUI)", async () => {
    fx = new GitFixture();
    fx.livePids.add(4242);
    const first = await openWorkspace(
      fx.ports(4242),
      fx.request({ flag: "feat", harness: "pi", sessionId: "aaaa1111-pi" }),
    );
    const err = await refusal(
      openWorkspace(fx.ports(4242), fx.request({ flag: "feat", sessionId: "bbbb2222-claude" })),
    );
    expect(err.issue).toBe("workspace-in-use");
    expect(err.exitCode).toBe(3); // starting it would lose work: the two would overwrite each other
    expect(err.message).toBe(
      "workspace feat is in use by pi session aaaa1111 in hmux pid 4242; two agents in one worktree overwrite each other",
    );
    // A session landing in the folder (a resume of someone else's session there) is refused the same way.
    expect(() => claimWorkspaceAt(fx.ports(4242), first!.entry.path, { harness: "codex", sessionId: "cccc" })).toThrow(
      /in use by pi session aaaa1111/,
    );
    expect(
      fx
        .ports()
        .registry()
        .list()[0]
        ?.holders.map((h) => h.sessionId),
    ).toEqual(["aaaa1111-pi"]);
  });

  it("a session resumed in its own worktree takes its lease again, whether or not its old holder was released", async () => {
    fx = new GitFixture();
    fx.livePids.add(4242);
    const first = await openWorkspace(fx.ports(4242), fx.request({ flag: "w", sessionId: "s1" }));
    const again = claimWorkspaceAt(fx.ports(4242), first!.entry.path, { harness: "claude", sessionId: "s1" });
    expect(again?.entry.holders.map((h) => h.sessionId)).toEqual(["s1"]);
    expect(fx.ports().registry().list()[0]?.sessions).toEqual(["s1"]);
  });

  it("releasing a lease takes out that lease's holder only: the session that holds the worktree now keeps it", async () => {
    fx = new GitFixture();
    fx.livePids.add(4242);
    let now = Date.parse("2026-12-01T00:00:00Z");
    const ports = () => ({ ...fx.ports(4242), clock: { ...fx.ports().clock, now: () => (now += 1000) } });
    const first = await openWorkspace(ports(), fx.request({ flag: "w", sessionId: "s1" }));
    const resumed = claimWorkspaceAt(ports(), first!.entry.path, { harness: "claude", sessionId: "s1" });
    releaseWorkspace(ports(), first!); // the earlier run's end, heard late
    expect(fx.ports().registry().list()[0]?.holders).toEqual([resumed!.holder]);
    const err = await refusal(openWorkspace(ports(), fx.request({ flag: "w", sessionId: "s2" })));
    expect(err.issue).toBe("workspace-in-use");
    releaseWorkspace(ports(), resumed!);
    expect(fx.ports().registry().list()[0]?.holders).toEqual([]);
    expect((await openWorkspace(ports(), fx.request({ flag: "w", sessionId: "s2" })))?.fresh).toBe(false);
  });

  it("warns when the checkout it starts from has uncommitted changes the worktree will not have", async () => {
    fx = new GitFixture();
    fx.write("README.md", "edited, not committed\n");
    const lease = await openWorkspace(fx.ports(), fx.request());
    expect(lease!.notes.some((n) => n.startsWith("warning:") && n.includes("1 uncommitted change"))).toBe(true);
    expect(readFileSync(join(lease!.entry.path, "README.md"), "utf8")).toBe("hello\n");
  });

  it("a worktree folder that cannot be made is a typed refusal, and nothing is registered", async () => {
    fx = new GitFixture();
    const blocker = fx.write("not-a-folder", "x\n", fx.root);
    const user = { version: 1 as const, workspace: { root: join(blocker, "worktrees") } };
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ user })));
    expect(err.issue).toBe("workspace-create-failed");
    expect(fx.ports().registry().list()).toEqual([]);
  });

  it("git failing part-way through the worktree (as a full disk does) leaves no folder, branch or registration behind, and says git's words", async () => {
    fx = new GitFixture();
    // post-checkout runs after git has made the folder and the branch: its failure is git failing part-way.
    const hook = fx.write(".git/hooks/post-checkout", "#!/bin/sh\necho 'No space left on device' >&2\nexit 1\n");
    chmodSync(hook, 0o755);
    const err = await refusal(openWorkspace(fx.ports(), fx.request({ flag: "full" })));
    expect(err.issue).toBe("workspace-create-failed");
    expect(err.message).toContain("No space left on device");
    expect(existsSync(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "full"))).toBe(false);
    expect(fx.git(fx.repo, "branch", "--list", "hmux/*").trim()).toBe("");
    expect(fx.git(fx.repo, "worktree", "list", "--porcelain").match(/^worktree /gm)).toHaveLength(1);
    expect(fx.ports().registry().list()).toEqual([]);
  });

  it("keeps the registry private: the file 0600 in a 0700 folder", async () => {
    fx = new GitFixture();
    await openWorkspace(fx.ports(), fx.request());
    const path = fx.ports().registry().path;
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, "..")).mode & 0o777).toBe(0o700);
  });
});

describe("the workspace setup command", () => {
  const setupConfig = (setup: string, setupTimeout?: number) => ({
    version: 1 as const,
    workspace: { setup, ...(setupTimeout !== undefined ? { setupTimeout } : {}) },
  });

  it("runs in the new worktree with its output passed on", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ user: setupConfig("echo ready; pwd > where.txt") }));
    let output = "";
    await setUpWorkspace(fx.ports(), lease!, (t) => {
      output += t;
    });
    expect(output).toContain("ready");
    expect(readFileSync(join(lease!.entry.path, "where.txt"), "utf8").trim()).toBe(lease!.entry.path);
  });

  it("refuses the launch when it fails, with its exit code and output", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(
      fx.ports(),
      fx.request({ user: setupConfig("echo broken dependency >&2; exit 7") }),
    );
    const err = await refusal(setUpWorkspace(fx.ports(), lease!, () => undefined));
    expect(err.issue).toBe("workspace-setup-failed");
    expect(err.message).toContain("exited with code 7");
    expect(err.message).toContain("broken dependency");
  });

  it("stops a hanging command at its timeout and refuses", async () => {
    fx = new GitFixture();
    const lease = await openWorkspace(fx.ports(), fx.request({ user: setupConfig("echo started; sleep 30", 0.5) }));
    const began = Date.now();
    const err = await refusal(setUpWorkspace(fx.ports(), lease!, () => undefined));
    expect(Date.now() - began).toBeLessThan(10_000);
    expect(err.message).toContain("did not finish within 0.5 s");
    expect(err.message).toContain("started");
  });

  it("does not run a setup command from an untrusted project config", async () => {
    fx = new GitFixture();
    const project = { version: 1 as const, workspace: { setup: "touch ran.txt" } };
    const lease = await openWorkspace(fx.ports(), {
      ...fx.request(),
      configs: { project, projectTrust: { trusted: false, root: fx.repo, userConfigPath: null } },
    });
    await setUpWorkspace(fx.ports(), lease!, () => undefined);
    expect(existsSync(join(lease!.entry.path, "ran.txt"))).toBe(false);
    expect(lease!.notes.some((n) => n.includes('"workspace.setup" ignored'))).toBe(true);
  });
});
