import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => {
  fx?.cleanup();
  process.exitCode = undefined;
});

/** A claude stand-in that records the folder it ran in, then reports one successful turn. */
function fakeClaude(): string {
  const path = join(fx.root, "fake-claude.mjs");
  writeFileSync(
    path,
    `#!${process.execPath}
import { writeFileSync } from "node:fs";
writeFileSync(${JSON.stringify(join(fx.root, "ran-in.txt"))}, process.cwd());
console.log(JSON.stringify({ type: "system", subtype: "init", session_id: "s1", cwd: process.cwd() }));
console.log(JSON.stringify({ type: "result", subtype: "success", is_error: false, result: "ok", session_id: "s1" }));
`,
  );
  chmodSync(path, 0o755);
  return path;
}

const hmux = (args: string[], extraEnv: Record<string, string> = {}) =>
  runHmux(args, { env: { ...fx.env, ...extraEnv } });

describe("hmux run --worktree", () => {
  it("runs the harness in the new worktree, says so in provenance, and releases it at the end", async () => {
    fx = new GitFixture();
    const run = await hmux(["run", "claude", "do it", "--worktree", "task", "--cwd", fx.repo], {
      HMUX_CLAUDE_BIN: fakeClaude(),
    });
    expect(run.code).toBe(0);
    const path = join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "task");
    expect(readFileSync(join(fx.root, "ran-in.txt"), "utf8")).toBe(path);
    expect(run.stderr).toMatch(/^provenance: workspace = \{"name":"task","branch":"hmux\/task".*\(arg\)$/m);
    expect(fx.ports().registry().list()[0]?.holders).toEqual([]);
  });

  it("refuses a base that does not exist (exit 2) before the harness starts", async () => {
    fx = new GitFixture();
    const run = await hmux(["run", "claude", "do it", "--worktree", "--base", "nope", "--cwd", fx.repo], {
      HMUX_CLAUDE_BIN: fakeClaude(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--base nope is not a commit");
    expect(existsSync(join(fx.root, "ran-in.txt"))).toBe(false);
  });

  it("does not start the harness when the setup command fails, shows its output, and removes the new worktree", async () => {
    fx = new GitFixture();
    mkdirSync(join(fx.env.XDG_CONFIG_HOME!, "hmux"), { recursive: true });
    writeFileSync(
      join(fx.env.XDG_CONFIG_HOME!, "hmux", "config.json"),
      JSON.stringify({ version: 1, workspace: { setup: "echo installing; exit 3" } }),
    );
    const run = await hmux(["run", "claude", "do it", "--worktree", "w", "--cwd", fx.repo], {
      HMUX_CLAUDE_BIN: fakeClaude(),
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("setup| installing");
    expect(run.stderr).toContain("exited with code 3");
    expect(existsSync(join(fx.root, "ran-in.txt"))).toBe(false);
    expect(existsSync(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "w"))).toBe(false);
    expect(fx.ports().registry().list()).toEqual([]);
  });
});

describe("hmux workspace rm", () => {
  it("exits 3 and names the uncommitted file it would lose; --force removes it", async () => {
    fx = new GitFixture();
    await hmux(["run", "claude", "do it", "--worktree", "w", "--cwd", fx.repo], { HMUX_CLAUDE_BIN: fakeClaude() });
    const path = join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "w");
    writeFileSync(join(path, "draft.md"), "unsaved\n");
    const refused = await hmux(["workspace", "rm", "w"]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("draft.md");
    expect(existsSync(path)).toBe(true);
    const forced = await hmux(["workspace", "rm", "w", "--force"]);
    expect(forced.code).toBe(0);
    expect(existsSync(path)).toBe(false);
    // Said as what was done, not as an error: removed, losing the file.
    expect(forced.stdout).toMatch(/removed workspace w \(.*\), losing 1 uncommitted change\(s\): \?\? draft\.md/);
    expect(forced.stderr).not.toContain("hmux: --force:");
  });

  it("lists workspaces with branch, base, ahead/behind and dirty count as JSON", async () => {
    fx = new GitFixture();
    await hmux(["run", "claude", "do it", "--worktree", "w", "--cwd", fx.repo], { HMUX_CLAUDE_BIN: fakeClaude() });
    const path = join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "w");
    fx.write("a.txt", "a\n", path);
    fx.commit("one", path);
    fx.write("b.txt", "b\n", path);
    const ls = await hmux(["workspace", "ls", "--json"]);
    expect(ls.code).toBe(0);
    const row = JSON.parse(ls.stdout.trim()) as Record<string, unknown>;
    expect(row).toMatchObject({ name: "w", branch: "hmux/w", base: "main", ahead: 1, behind: 0, dirty: ["?? b.txt"] });
    expect(row.diskBytes).toBeGreaterThan(0);
  });
});
