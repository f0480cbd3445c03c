import { chmodSync, existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { createAppContext } from "../../../src/main/context.js";
import { toRequest, worktreeChoice } from "../../../src/ui/components/overlays/NewSessionDialog.js";
import { headerParts } from "../../../src/ui/components/PaneHeader.js";
import { createSessionView } from "../../../src/ui/store/session-view.js";
import type { WorkspacePorts } from "../../../src/workspace/lease.js";
import { localTui } from "../../helpers/local-tui.js";
import { until } from "../../helpers/until.js";
import { GitFixture } from "./git-fixture.js";

const FAKE_HARNESS = join(import.meta.dirname, "..", "..", "..", "bench", "fake-approval-harness.mjs");

let fx: GitFixture;
const closes: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closes.splice(0)) await close();
  fx?.cleanup();
});

/** A TUI's pane launcher (local mode: the server's code in this process) on the fixture's repo and workspace ports. */
async function panesIn(env: NodeJS.ProcessEnv, workspace: WorkspacePorts) {
  const tui = await localTui({ ...createAppContext({ env }), workspace }, fx.repo);
  closes.push(() => tui.close());
  return tui.launcher;
}

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
    const launcher = await panesIn(fx.env, fx.ports());
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
    const launcher = await panesIn(fx.env, fx.ports(process.pid));
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
      // Closing a pane only detaches it; halting ends the session, which lets go of the worktree.
      await first.halt();
      await first.close();
    }
    await until(() => fx.ports().registry().list()[0]?.holders.length === 0, 10_000);
  });

  it("a resumed pane takes its worktree back, and is refused while another pane's session holds it", async () => {
    fx = new GitFixture();
    fx.livePids.add(process.pid);
    // A fake pi (the approval bench's) that names its session at start: enough for a pane to resume.
    const fakePi = join(fx.root, "fake-pi");
    writeFileSync(
      fakePi,
      `#!/bin/sh\nHMUX_FAKE_HARNESS=pi HMUX_FAKE_OUT=${join(fx.root, "fake.json")} exec ${process.execPath} ${FAKE_HARNESS} "$@"\n`,
    );
    chmodSync(fakePi, 0o755);
    // The server writes journals under the process's state home (session.ts), and resumes from the context's.
    const stateBefore = process.env.XDG_STATE_HOME;
    process.env.XDG_STATE_HOME = fx.env.XDG_STATE_HOME;
    closes.push(async () => {
      if (stateBefore === undefined) delete process.env.XDG_STATE_HOME;
      else process.env.XDG_STATE_HOME = stateBefore;
    });
    const launcher = await panesIn({ ...fx.env, HMUX_PI_BIN: fakePi }, fx.ports(process.pid));
    const registry = fx.ports().registry();
    const holders = () => registry.list()[0]?.holders.map((h) => h.sessionId) ?? [];
    const events: SessionEvent[] = [];
    const first = await launcher.launch({ harness: "pi", worktree: "feat" });
    first.subscribe((e) => events.push(e));
    await first.start?.();
    await until(() => events.some((e) => e.kind === "identity"), 10_000);
    const [firstId] = holders();
    await first.halt();
    await until(() => holders().length === 0, 10_000);
    const second = await launcher.launch({ harness: "pi", worktree: "feat" });
    try {
      const refused = await first.resume!().then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(refused?.message).toMatch(/workspace feat is in use by pi session \S{8} in hmux pid/);
      expect(holders()).not.toContain(firstId);
    } finally {
      await second.halt();
      await second.close();
    }
    await until(() => holders().length === 0, 10_000);
    await first.resume!();
    try {
      expect(holders()).toEqual([firstId]);
    } finally {
      await first.halt();
      await first.close();
    }
    await until(() => holders().length === 0, 10_000);
  });

  it("the pane header names the worktree's branch", () => {
    const support = { steer: false, inject: false, abstain: false, replace: false, denyReason: false };
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
