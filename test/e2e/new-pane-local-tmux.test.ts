/**
 * A new pane in local mode (`hmux shell`, whose server runs in its own process), in a real
 * terminal at 80×24 and 160×48: the new-session dialog shows the server's refusal of an unknown
 * harness with its kind, starts nothing, and then opens the shell it was asked for as a second
 * pane; `hmux tui`'s dialog shows the refusal of its own server (a daemon, private to the test).
 * Keys go in bursts, as a person's typing reaches a terminal. HOME is a temp dir; the
 * tmux server is private and killed at the end.
 */

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HAVE_TMUX, HMUX_SHELL, paneLines, TmuxScreen } from "./native-helpers.js";
import { HMUX_ARGV } from "./tmux-driver.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(!HAVE_TMUX)("a new pane from the dialog in local mode", () => {
  for (const [cols, rows] of [
    [80, 24],
    [160, 48],
  ] as const) {
    it(`at ${cols}×${rows}: the server's refusal shows, nothing starts, then the shell opens as a second pane`, async () => {
      const home = mkdtempSync(join(tmpdir(), "hmux-new-local-"));
      const tmux = new TmuxScreen(`hmux-new-local-${cols}-${process.pid}`);
      cleanups.push(() => rmSync(home, { recursive: true, force: true }));
      cleanups.push(() => tmux.kill());
      cleanups.push(() => tmux.quitHmux());
      const env = `env -u CI -u TMUX HOME=${home} XDG_STATE_HOME=${home}/state XDG_CONFIG_HOME=${home}/config SHELL=/bin/sh PS1='sh$ ' TERM=xterm-256color`;
      tmux.start(`cd ${home} && ${env} ${HMUX_SHELL} shell 2>${home}/stderr.log`, cols, rows);
      await tmux.waitFor("the shell prompt", (s) => paneLines(s).some((l) => l.startsWith("sh$")), 60_000);
      tmux.keys("C-]", "M-n");
      await tmux.waitFor("the new-session dialog", (s) => s.includes("new session"));
      // One burst: clear the harness field, name a harness no server has, Enter.
      tmux.keys("C-u", "n", "o", "p", "e", "Enter");
      const refused = await tmux.waitFor("the server's refusal", (s) => s.includes("refused (unknown-harness)"));
      expect(refused).toMatch(/refused \(unknown-harness\):.*nope/);
      expect(refused).toContain("new session");
      tmux.keys("C-u", "s", "h", "e", "l", "l", "Enter");
      const opened = await tmux.waitFor(
        "a second shell pane",
        (s) => !s.includes("new session ·") && /\b1 shell\b/.test(s) && /\b2 shell\b/.test(s),
      );
      expect(opened).not.toContain("refused");
    }, 120_000);
  }
});

describe.skipIf(!HAVE_TMUX)("a new pane from the dialog of hmux tui", () => {
  for (const [cols, rows] of [
    [80, 24],
    [160, 48],
  ] as const) {
    it(`at ${cols}×${rows}: the refusal shown is the hmux server's, and no pane opens`, async () => {
      const home = mkdtempSync(join(tmpdir(), "hmux-new-tui-"));
      const vars = {
        HOME: home,
        XDG_STATE_HOME: join(home, "state"),
        XDG_CONFIG_HOME: join(home, "config"),
        XDG_RUNTIME_DIR: join(home, "run"),
      };
      const tmux = new TmuxScreen(`hmux-new-tui-${cols}-${process.pid}`);
      cleanups.push(() => rmSync(home, { recursive: true, force: true }));
      cleanups.push(() => {
        spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), "kill-server"], { env: { ...process.env, ...vars } });
      });
      cleanups.push(() => tmux.kill());
      cleanups.push(() => tmux.quitHmux());
      const env = `env -u CI -u TMUX ${Object.entries(vars)
        .map(([k, v]) => `${k}=${v}`)
        .join(" ")} TERM=xterm-256color`;
      tmux.start(`cd ${home} && ${env} ${HMUX_SHELL} tui 2>${home}/stderr.log`, cols, rows);
      await tmux.waitFor("the TUI", (s) => s.includes("no panes open"), 60_000);
      tmux.keys("M-n");
      await tmux.waitFor("the new-session dialog", (s) => s.includes("new session"));
      tmux.keys("C-u", "n", "o", "p", "e", "Enter");
      const refused = await tmux.waitFor("the server's refusal", (s) => s.includes("refused (unknown-harness)"));
      expect(refused).toMatch(/refused \(unknown-harness\):.*nope/);
      expect(refused).not.toMatch(/1 claude/);
    }, 120_000);
  }
});
