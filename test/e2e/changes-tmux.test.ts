/**
 * The changes view in a real terminal (tmux), at 80×24 and 160×48: `hmux tui claude` in a
 * temporary git repository with config workspace.worktree "auto", the real claude on the
 * scripted model. The agent writes a file in its worktree (approved with a); Alt+d shows the
 * file and its diff; c commits with the turn's prompt as the message; m merges — and the base
 * branch of the user's repository then holds the file. Isolated HOME/XDG dirs; the tmux server
 * is private to the test and killed at the end.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Script } from "../../src/scripted-model/script-schema.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { HAVE_TMUX, isolatedSession, sleep, type TmuxDriver, tmuxDriver } from "./tmux-driver.js";

const PROMPT = "add the feature file";

const SCRIPT: Script = {
  rules: [
    {
      name: "feature",
      match: { contains: PROMPT },
      replies: [
        {
          text: ["I will write the feature file."],
          tools: [{ tool: "shell", command: "echo hello from the agent > feature.txt" }],
          delayMs: 20,
        },
        { text: ["Wrote feature.txt."], delayMs: 20 },
      ],
    },
  ],
};

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "e2e",
  GIT_AUTHOR_EMAIL: "e2e@example.invalid",
  GIT_COMMITTER_NAME: "e2e",
  GIT_COMMITTER_EMAIL: "e2e@example.invalid",
};

describe.skipIf(!HAVE_TMUX)("the changes view in tmux", () => {
  let model: ModelServer;

  beforeAll(async () => {
    model = await startModelServer({ script: SCRIPT });
  });
  afterAll(async () => {
    await model.close();
  });

  for (const [columns, rows] of [
    [80, 24],
    [160, 48],
  ] as const) {
    it(`at ${columns}×${rows}: the agent's file shows in Alt+d, and commit then merge put it on the base branch`, async () => {
      // The pane lives on an hmux server: this run's own (a server left by the other size would
      // hold that run's, by now deleted, HOME and config).
      const session = isolatedSession("hmux-e2e-changes-", { vars: GIT_ENV });
      const home = session.home;
      const repo = join(home, "repo");
      const log = join(home, "stderr.log");
      const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, env: session.env, encoding: "utf8" });
      mkdirSync(repo);
      git("init", "-q", "-b", "main");
      writeFileSync(join(repo, "README.md"), "a project\n");
      git("add", "-A");
      git("commit", "-q", "-m", "first");
      mkdirSync(join(home, "config", "hmux"), { recursive: true });
      writeFileSync(
        join(home, "config", "hmux", "config.json"),
        JSON.stringify({ version: 1, workspace: { worktree: "auto" } }),
      );
      const socket = `hmux-e2e-changes-${process.pid}-${columns}`;
      const d: TmuxDriver = tmuxDriver(socket, "changes", log);
      try {
        const cmd = session.command(`tui claude --cwd ${repo} --endpoint ${model.url} --isolate 2>${log}`);
        d.tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", "changes", cmd);
        await d.waitFor("the pane on its worktree branch", (s) => s.includes("⎇ hmux/claude-"), 60_000);
        await d.waitFor("claude idle", (s) => /1:claude-1 ○/.test(s.split("\n")[0] ?? ""), 90_000);
        await d.text(PROMPT);
        d.keys("Enter");
        await d.waitFor("claude's approval", (s) => /1:claude-1 !/.test(s.split("\n")[0] ?? ""), 60_000);
        d.keys("a");
        await d.waitFor("the turn's end", (s) => s.includes("Wrote feature.txt."), 60_000);
        await d.waitFor("claude idle again", (s) => /1:claude-1 ○/.test(s.split("\n")[0] ?? ""), 30_000);

        d.keys("M-d");
        const view = await d.waitFor("the file and its diff", (s) => s.includes("+hello from the agent"), 30_000);
        expect(view).toMatch(/\+1\s+−0\s+feature\.txt/);
        expect(view).toContain("→ main");

        d.keys("c");
        await d.waitFor("the message field, prefilled from the prompt", (s) =>
          s.includes(`commit message › ${PROMPT}`),
        );
        d.keys("Enter");
        await d.waitFor(
          "the commit, one ahead of the base",
          (s) => /committed [0-9a-f]{12}/.test(s) && s.includes("↑1 ↓0"),
          30_000,
        );
        d.keys("m");
        await d.waitFor("the merge", (s) => s.includes("merged into the base by fast-forward"), 30_000);
        expect(git("show", "main:feature.txt")).toBe("hello from the agent\n");
        expect(git("log", "-1", "--format=%s", "main").trim()).toBe(PROMPT);

        // Back on the panes, the header says the branch is level with its base again: the counts
        // have a box of their own, so they show at 80 columns too, where the usage cuts the branch's name.
        d.keys("Escape");
        await d.waitFor("ahead/behind in the header", (s) => /1 claude-1 · .* ↑0 ↓0 ○ idle/.test(s), 15_000);
        d.keys("C-q");
        await sleep(500);
        d.keys("h");
        await sleep(1500);
      } finally {
        await session.close(d.stop);
      }
    }, 240_000);
  }
});
