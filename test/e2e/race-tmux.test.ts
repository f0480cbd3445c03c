/**
 * A race in the TUI in a real terminal (tmux), at 50×20 (a phone's ssh client), 80×24 and 160×48: `hmux tui claude pi` in the
 * race demo's repository, the real claude and pi on the scripted model's race script. Alt+R,
 * the prompt, the check; each contestant's edit is approved in its pane; the server scores the
 * race (the check in each worktree, git's diff) and the scorecard says claude passed and pi
 * failed; p then y picks claude, and the user's main branch then holds claude's fix. Isolated
 * HOME/XDG dirs; the tmux server is private to the test and killed at the end.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RACE_DEMO_CHECK,
  RACE_DEMO_FILES,
  RACE_DEMO_PROMPT,
  RACE_SCRIPT,
} from "../../src/scripted-model/race-script.js";
import { type ModelServer, startModelServer } from "../../src/scripted-model/server.js";
import { HAVE_TMUX, isolatedSession, sleep, type TmuxDriver, tmuxDriver } from "./tmux-driver.js";

const GIT_ENV = {
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "e2e",
  GIT_AUTHOR_EMAIL: "e2e@example.invalid",
  GIT_COMMITTER_NAME: "e2e",
  GIT_COMMITTER_EMAIL: "e2e@example.invalid",
};

/**
 * The rail's first line marks a session waiting for a decision with "!" after its number and the
 * server's name for it (a contestant is its harness's next, claude-2); where the names do not fit
 * (50 columns), after its number alone.
 */
const asking = (n: number, name: string) => (s: string) =>
  new RegExp(`(?:^|\\s)${n}(?::${name} )?!`).test(s.split("\n")[0] ?? "");

describe.skipIf(!HAVE_TMUX)("a race in the TUI, in tmux", () => {
  let model: ModelServer;

  beforeAll(async () => {
    model = await startModelServer({ script: RACE_SCRIPT });
  });
  afterAll(async () => {
    await model.close();
  });

  for (const [columns, rows] of [
    [50, 20],
    [80, 24],
    [160, 48],
  ] as const) {
    it(`at ${columns}×${rows}: started, approved in its panes, scored by the server, and the pick merged into main`, async () => {
      const session = isolatedSession("hmux-e2e-race-", { vars: GIT_ENV });
      const repo = join(session.home, "slugs");
      const log = join(session.home, "stderr.log");
      const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, env: session.env, encoding: "utf8" });
      mkdirSync(repo);
      for (const [path, text] of Object.entries(RACE_DEMO_FILES)) writeFileSync(join(repo, path), text);
      git("init", "-q", "-b", "main");
      git("add", "-A");
      git("commit", "-q", "-m", "slug, first version");
      const socket = `hmux-e2e-race-${process.pid}-${columns}`;
      const d: TmuxDriver = tmuxDriver(socket, "race", log);
      try {
        const cmd = session.command(`tui claude pi --cwd ${repo} --endpoint ${model.url} --isolate 2>${log}`);
        d.tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", "race", cmd);
        await d.waitFor("both panes idle", (s) => /1:claude-1 ○/.test(s) && /2:pi-1 ○/.test(s), 90_000);

        d.keys("M-R");
        await d.waitFor("the race dialog", (s) => s.includes("race · one prompt"));
        await d.text(RACE_DEMO_PROMPT);
        d.keys("Tab");
        await sleep(300);
        d.keys("Tab");
        await sleep(300);
        await d.text(RACE_DEMO_CHECK);
        d.keys("Enter");

        // Each contestant's edit waits for a person: approved in its own pane.
        await d.waitFor("claude's contestant asking", asking(3, "claude-2"), 90_000);
        d.keys("M-3");
        await sleep(300);
        d.keys("a");
        await d.waitFor("pi's contestant asking", asking(4, "pi-2"), 90_000);
        d.keys("M-4");
        await sleep(300);
        d.keys("a");

        // Where the card does not fit (50×20, and 80×24 since it shows cost, overlap and merge rows)
        // its last rows, the check's, are below its fold until it scrolls; its summary says who passed.
        const card = await d.waitFor(
          "the server's scorecard",
          (s) => s.includes("race scorecard · 2 contestants") && /check passed: claude/.test(s),
          120_000,
        );
        for (const line of card.split("\n")) expect([...line].length).toBeLessThanOrEqual(columns);
        if (rows >= 48) expect(card).not.toMatch(/more below/);
        if (!/more below/.test(card)) expect(card).toMatch(/pass exit 0[\s\S]*FAIL/);
        else {
          // Scrolled in a burst (a page, then rows past the end): the check's rows and the card's last one come up.
          expect(card).toMatch(/↓ \d+ more below/);
          d.keys("PageDown", "Down", "Down", "Down", "Down", "Down", "Down", "Down", "Down");
          const end = await d.waitFor(
            "the card's last row",
            (s) => /pass exit 0/.test(s) && s.includes("not expressible") && !s.includes("more below"),
          );
          expect(end).toMatch(/↑ \d+ more above/);
          for (const line of end.split("\n")) expect([...line].length).toBeLessThanOrEqual(columns);
        }

        d.keys("p");
        await d.waitFor("the pick question", (s) => s.includes("Pick claude?"));
        d.keys("y");
        // The result wraps on a narrow card: read it as words.
        const words = (s: string) => s.replace(/[│╭╮╰╯─]/g, " ").replace(/\s+/g, " ");
        await d.waitFor("the pick's result", (s) => /merged hmux\/race-\S+-claude into main/.test(words(s)), 60_000);
        expect(git("show", "main:slug.js")).toContain("title.trim().toLowerCase()");
        expect(execFileSync("node", ["test.js"], { cwd: repo, encoding: "utf8" })).toContain("ok: slug");

        d.keys("C-q");
        await sleep(500);
        d.keys("h");
        await sleep(1500);
      } finally {
        await session.close(d.stop);
      }
    }, 300_000);
  }
});
