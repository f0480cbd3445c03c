/**
 * `hmux new --worktree` on the server's side: the server's launcher opens the session in its own
 * worktree (held by the server's pid, named by the session), records each turn's start, and a
 * failing setup command refuses the launch with its exit code and removes the worktree.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { workspaceLs } from "../../../src/cli/commands/workspace.js";
import type { CliContext } from "../../../src/cli/context.js";
import { VERSION } from "../../../src/cli/main.js";
import { serverLauncher } from "../../../src/cli/server-launcher.js";
import { createAppContext } from "../../../src/main/context.js";
import { CreateOptionsSchema } from "../../../src/protocol/index.js";
import { SessionTable } from "../../../src/server/session-table.js";
import { WorkspaceError } from "../../../src/workspace/errors.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { memoryOutput, runHmux } from "../../helpers/hmux-in-process.js";
import { until } from "../../helpers/until.js";
import { type Cleanups, serveFresh } from "../server/serve-fixture.js";
import { GitFixture } from "./git-fixture.js";

const MUSE_STREAM = join(import.meta.dirname, "..", "decode", "hcn-fixtures", "harnesses", "muse.ndjson");
const SERVER_PID = 4343;

let fx: GitFixture;
let stateBefore: string | undefined;
beforeEach(() => {
  stateBefore = process.env.XDG_STATE_HOME;
});
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
  if (stateBefore === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = stateBefore;
  fx?.cleanup();
});

function context(): CliContext {
  // The journal lives under the process's XDG state: the fixture's, so nothing lands in the real one.
  process.env.XDG_STATE_HOME = fx.env.XDG_STATE_HOME;
  const muse = join(fx.root, "fake-muse.mjs");
  writeFileSync(
    muse,
    `#!${process.execPath}\nimport { readFileSync } from "node:fs";\nprocess.stdout.write(readFileSync(${JSON.stringify(MUSE_STREAM)}));\n`,
  );
  chmodSync(muse, 0o755);
  const app = createAppContext({ env: { ...fx.env, HMUX_MUSE_BIN: muse } });
  fx.livePids.add(SERVER_PID);
  return { ...app, workspace: fx.ports(SERVER_PID), output: memoryOutput(), input: Readable.from([]) };
}

function userConfig(config: object): void {
  mkdirSync(join(fx.env.XDG_CONFIG_HOME!, "hmux"), { recursive: true });
  writeFileSync(join(fx.env.XDG_CONFIG_HOME!, "hmux", "config.json"), JSON.stringify({ version: 1, ...config }));
}

describe("hmux new --worktree (the server's launcher)", () => {
  it("the wire accepts a worktree flag or name and a base", () => {
    expect(CreateOptionsSchema.parse({ worktree: "fix-login", base: "main" })).toEqual({
      worktree: "fix-login",
      base: "main",
    });
    expect(CreateOptionsSchema.parse({ worktree: true })).toEqual({ worktree: true });
    expect(CreateOptionsSchema.safeParse({ worktree: "" }).success).toBe(false);
  });

  it("opens the session in a new worktree the server holds, named by the session", async () => {
    fx = new GitFixture();
    const launched = await serverLauncher(context())({
      harness: "muse",
      cwd: fx.repo,
      options: { worktree: "srv", approvals: "allow" },
    });
    try {
      const [entry] = fx.ports().registry().list();
      expect(launched.cwd).toBe(entry!.path);
      expect(entry!.branch).toBe("hmux/srv");
      expect(entry!.holders.map((h) => [h.pid, h.sessionId])).toEqual([[SERVER_PID, launched.handle.sessionId]]);
      expect(launched.notes.some((n) => n.startsWith("workspace: srv at "))).toBe(true);
      // The summary clients get names the worktree, so a TUI on this machine can show its changes.
      expect(launched.workspace).toEqual({
        name: "srv",
        branch: "hmux/srv",
        base: "main",
        repo: entry!.repo,
        path: entry!.path,
      });
    } finally {
      await launched.handle.abort("killed");
    }
    // The session ended: the server no longer holds the worktree, which stays.
    await new Promise((r) => setTimeout(r, 50));
    expect(fx.ports().registry().list()[0]!.holders).toEqual([]);
  });

  it("the server's row of the session names its worktree for clients", async () => {
    fx = new GitFixture();
    const table = new SessionTable({ clock: new FakeClock(), launcher: serverLauncher(context()), killWaitMs: 2_000 });
    const { summary } = await table.create({ harness: "muse", cwd: fx.repo, options: { worktree: "row" } });
    try {
      expect(summary.workspace).toMatchObject({ name: "row", branch: "hmux/row", base: "main" });
      expect(summary.cwd).toBe(summary.workspace?.path);
    } finally {
      await table.kill(summary.id);
    }
  });

  it("a second session created in a worktree the server's first session holds is refused, and the worktree keeps one holder", async () => {
    fx = new GitFixture();
    const cli = context();
    const table = new SessionTable({ clock: new FakeClock(), launcher: serverLauncher(cli), killWaitMs: 2_000 });
    // approvals "allow": muse's one-shot channel cannot gate a call, so it stays open only so.
    const options = { worktree: "feat", approvals: "allow" as const };
    const { summary } = await table.create({ harness: "muse", cwd: fx.repo, options });
    try {
      const second = await table.create({ harness: "muse", cwd: fx.repo, options }).then(
        () => null,
        (e: unknown) => e as WorkspaceError,
      );
      expect(second).toBeInstanceOf(WorkspaceError);
      expect(second?.issue).toBe("workspace-in-use");
      expect(second?.message).toContain(`muse session ${summary.id.slice(0, 8)} in hmux pid ${SERVER_PID}`);
      expect(table.list().map((s) => s.id)).toEqual([summary.id]);
      const ls = memoryOutput();
      await workspaceLs({ json: true }, ls, { ...cli, output: ls });
      const [row] = ls.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as { sessions: { sessionId: string }[] });
      expect(row!.sessions.map((h) => h.sessionId)).toEqual([summary.id]);
    } finally {
      await table.kill(summary.id);
    }
  });

  it("a session resumed into its worktree is refused while another session holds it, naming that session", async () => {
    fx = new GitFixture();
    const table = new SessionTable({ clock: new FakeClock(), launcher: serverLauncher(context()), killWaitMs: 2_000 });
    // Without approvals "allow" muse's one-shot channel ends the session at once: an ended row, its worktree free again…
    const first = (await table.create({ harness: "muse", cwd: fx.repo, options: { worktree: "feat" } })).summary;
    await until(() => fx.ports().registry().list()[0]?.holders.length === 0, 5_000);
    const options = { worktree: "feat", approvals: "allow" as const };
    const second = (await table.create({ harness: "muse", cwd: fx.repo, options })).summary;
    try {
      // …and taken by the second session, so the first cannot come back into it.
      const refused = await table.resume(first.id).then(
        () => null,
        (e: unknown) => e as WorkspaceError,
      );
      expect(refused?.issue).toBe("workspace-in-use");
      expect(refused?.message).toContain(`muse session ${second.id.slice(0, 8)}`);
      expect(
        fx
          .ports()
          .registry()
          .list()[0]!
          .holders.map((h) => h.sessionId),
      ).toEqual([second.id]);
    } finally {
      await table.kill(second.id);
    }
  });

  it("hmux diff takes the session's name or the short id hmux ls shows, as kill and resume do, and the short id still after the session ended", async () => {
    fx = new GitFixture();
    const table = new SessionTable({ clock: new FakeClock(), launcher: serverLauncher(context()), killWaitMs: 2_000 });
    const served = await serveFresh(table, cleanups, { prefix: "hmux-diff-server-", version: VERSION });
    const { summary } = await table.create(
      { harness: "muse", cwd: fx.repo, options: { worktree: "wt", approvals: "allow" } },
      "sess",
    );
    fx.write("made.txt", "by the agent\n", summary.workspace!.path);
    const env = { ...fx.env, XDG_RUNTIME_DIR: served.dir };
    const diffOf = async (target: string) => {
      const run = await runHmux(["diff", target, "--json", "--stat"], { env });
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout) as { workspace: string; files: { path: string }[] };
    };
    expect(await diffOf("sess")).toMatchObject({ workspace: "wt", files: [{ path: "made.txt" }] });
    expect((await diffOf(summary.id.slice(0, 8))).workspace).toBe("wt");
    await table.kill(summary.id);
    expect((await diffOf(summary.id.slice(0, 8))).workspace).toBe("wt");
    const unknown = await runHmux(["diff", "nosuch"], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no workspace or session named "nosuch"');
  });

  it("runs in the folder itself with --no-worktree, whatever the config says", async () => {
    fx = new GitFixture();
    userConfig({ workspace: { worktree: "auto" } });
    const launched = await serverLauncher(context())({ harness: "muse", cwd: fx.repo, options: { worktree: false } });
    await launched.handle.abort("killed");
    expect(launched.cwd).toBe(fx.repo);
    expect(fx.ports().registry().list()).toEqual([]);
  });

  it("a failing setup command refuses the session with its exit code and output, and leaves no worktree", async () => {
    fx = new GitFixture();
    userConfig({ workspace: { setup: "echo cannot install; exit 3" } });
    const err = await Promise.resolve(
      serverLauncher(context())({ harness: "muse", cwd: fx.repo, options: { worktree: "bad" } }),
    ).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/exited with code 3/);
    expect(err?.message).toContain("cannot install");
    expect(fx.ports().registry().list()).toEqual([]);
    expect(fx.git(fx.repo, "branch", "--list", "hmux/*").trim()).toBe("");
  });
});
