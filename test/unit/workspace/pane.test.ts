import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PaneLauncher } from "../../../src/app/pane-launcher.js";
import { toRequest, worktreeChoice } from "../../../src/ui/components/overlays/NewSessionDialog.js";
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
});
