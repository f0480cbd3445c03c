/**
 * `hmux shell` in a real terminal (tmux): keys typed into hmux reach the shell in the pane,
 * the pane's pty follows the window size, and Ctrl-] hands the keyboard back to hmux.
 * HOME is a temp dir; the tmux server is private and killed at the end, and the shell in
 * the pane is checked to be gone after hmux quits.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, HAVE_TMUX, HMUX_SHELL, paneLines, TmuxScreen } from "./native-helpers.js";

describe.skipIf(!HAVE_TMUX)("native shell pane in tmux", () => {
  const tmux = new TmuxScreen(`hmux-native-shell-${process.pid}`);
  let home: string;
  let shellPid = 0;

  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "hmux-native-shell-"));
    const env = `env -u CI -u TMUX HOME=${home} SHELL=/bin/sh PS1='sh$ ' TERM=xterm-256color`;
    tmux.start(`cd ${home} && ${env} ${HMUX_SHELL} shell 2>${home}/stderr.log`, 100, 30);
    await tmux.waitFor("the shell prompt in the pane", (s) => paneLines(s).some((l) => l.startsWith("sh$")), 60_000);
  }, 90_000);

  afterAll(async () => {
    await tmux.quitHmux();
    tmux.kill();
    if (shellPid && alive(shellPid)) process.kill(shellPid, "SIGKILL");
    rmSync(home, { recursive: true, force: true });
  });

  it("echo hi typed through hmux runs in the pane's shell and shows hi", async () => {
    tmux.text("echo hi; echo pid=$$");
    tmux.keys("Enter");
    const screen = await tmux.waitFor("hi", (s) => paneLines(s).includes("hi"));
    shellPid = Number(/pid=(\d+)/.exec(screen)?.[1] ?? 0);
    expect(paneLines(screen)).toContain("sh$ echo hi; echo pid=$$");
    expect(shellPid).toBeGreaterThan(0);
  });

  it("the pane's pty has the pane's size, and follows a resize of the window", async () => {
    // 100×30 window: rail + status line take 2 rows, border 2, pane header 1; border 2 columns.
    tmux.text("stty size");
    tmux.keys("Enter");
    await tmux.waitFor("stty size 25 98", (s) => paneLines(s).includes("25 98"));
    tmux.resize(90, 24);
    await tmux.waitFor("the narrower frame", (s) => s.split("\n")[1]?.replace(/\s+$/, "").length === 90);
    tmux.text("clear; stty size");
    tmux.keys("Enter");
    const screen = await tmux.waitFor("stty size 19 88", (s) => paneLines(s).includes("19 88"));
    expect(paneLines(screen)).not.toContain("25 98");
  });

  it("Ctrl-] returns the keyboard to hmux: typed text no longer reaches the shell, Enter goes back", async () => {
    tmux.keys("C-]");
    await tmux.waitFor("hmux keys in the header", (s) => s.includes("hmux keys · Enter → type"));
    tmux.text("zzz");
    await new Promise((r) => setTimeout(r, 500));
    expect(paneLines(tmux.screen()).some((l) => l.includes("zzz"))).toBe(false);
    tmux.keys("Enter");
    await tmux.waitFor("typing mode again", (s) => s.includes("typing into the pane"));
    tmux.text("echo back");
    tmux.keys("Enter");
    await tmux.waitFor("back", (s) => paneLines(s).includes("back"));
  });

  it("a full-screen program's alternate screen shows, and leaving it restores the shell's screen", async () => {
    tmux.text("printf '\\033[?1049h\\033[H\\033[2JALT SCREEN UP'; sleep 2; printf '\\033[?1049l'; echo after-alt");
    tmux.keys("Enter");
    const alt = await tmux.waitFor("the alternate screen", (s) => paneLines(s)[1] === "ALT SCREEN UP");
    expect(paneLines(alt).some((l) => l.startsWith("sh$"))).toBe(false);
    const back = await tmux.waitFor("the normal screen again", (s) => paneLines(s).includes("after-alt"));
    expect(paneLines(back)).not.toContain("ALT SCREEN UP");
  });

  it("PgUp in hmux mode scrolls the pane's history; typing returns to the live screen", async () => {
    tmux.text("clear; seq 1 60");
    tmux.keys("Enter");
    await tmux.waitFor("the end of seq", (s) => paneLines(s).includes("60"));
    tmux.keys("C-]");
    await tmux.waitFor("hmux keys", (s) => s.includes("hmux keys · Enter → type"));
    tmux.keys("PPage");
    const back = await tmux.waitFor(
      "earlier lines",
      (s) => paneLines(s).includes("30") && !paneLines(s).includes("60"),
    );
    expect(back).toMatch(/↑\d+\//);
    tmux.keys("NPage");
    await tmux.waitFor("the live screen", (s) => paneLines(s).includes("60"));
    tmux.keys("Enter");
    await tmux.waitFor("typing mode", (s) => s.includes("typing into the pane"));
  });

  it("quitting hmux ends the shell in the pane", async () => {
    tmux.keys("C-]");
    await tmux.waitFor("hmux keys", (s) => s.includes("hmux keys · Enter → type"));
    tmux.keys("C-q");
    await tmux.waitFor("the quit question", (s) => /quit/i.test(s) && s.includes("y quit"));
    tmux.keys("y");
    await expect.poll(() => alive(shellPid), { timeout: 10_000 }).toBe(false);
  });
});
