import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PaneLauncher } from "../../../src/app/pane-launcher.js";
import { toRequest, worktreeChoice } from "../../../src/ui/components/overlays/NewSessionDialog.js";
import { headerParts } from "../../../src/ui/components/PaneHeader.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import { GitFixture } from "./git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

describe("a TUI pane's worktree", () => {
  it("the dialog's worktree field reads empty as the config's choice, yes / no, or a name", () => {
    expect(worktreeChoice("")).toBeUndefined();
    expect(worktreeChoice("yes")).toBe(true);
    expect(worktreeChoice("no")).toBe(false);
    expect(worktreeChoice(" fix-login ")).toBe("fix-login");
    const blank = { harness: "claude", model: "", effort: "", cwd: "", endpoint: "", prompt: "" };
    expect(toRequest({ ...blank, worktree: "" })).not.toHaveProperty("worktree");
    expect(toRequest({ ...blank, worktree: "w1" })).toMatchObject({ worktree: "w1" });
  });

  it("a pane whose launch is refused leaves no worktree behind", async () => {
    fx = new GitFixture();
    const launcher = new PaneLauncher({ env: fx.env, defaultCwd: fx.repo, workspace: fx.ports() });
    const refused = await launcher.launch({ harness: "codex", effort: "ultra", worktree: "pane" }).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(refused?.message).toContain("ultra");
    expect(existsSync(join(fx.env.XDG_STATE_HOME!, "hmux", "worktrees", "repo", "pane"))).toBe(false);
    expect(fx.ports().registry().list()).toEqual([]);
  });

  it("a second pane asking for the worktree an open pane holds is refused, naming that pane's session", async () => {
    fx = new GitFixture();
    fx.livePids.add(process.pid);
    const launcher = new PaneLauncher({ env: fx.env, defaultCwd: fx.repo, workspace: fx.ports(process.pid) });
    const first = await launcher.launch({ harness: "claude", worktree: "feat" });
    try {
      const second = await launcher.launch({ harness: "pi", worktree: "feat" }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(second?.message).toMatch(/workspace feat is in use by claude session \S{8} in hmux pid \d+/);
      expect(
        fx
          .ports()
          .registry()
          .list()[0]
          ?.holders.map((h) => h.harness),
      ).toEqual(["claude"]);
    } finally {
      await first.close();
    }
    expect(fx.ports().registry().list()[0]?.holders).toEqual([]);
  });

  it("the pane header names the worktree's branch", () => {
    const support = { steer: false, inject: false, abstain: false, replace: false };
    const plain = createSessionView("s1", { harness: "claude", settings: [], support });
    const inWorktree = createSessionView("s2", {
      harness: "claude",
      settings: [],
      support,
      workspace: { name: "w", branch: "hmux/w", base: "main" },
    });
    expect(headerParts(inWorktree, 0, null, 80).who).toContain("⎇ hmux/w");
    expect(headerParts(plain, 0, null, 80).who).not.toContain("⎇");
  });
});
