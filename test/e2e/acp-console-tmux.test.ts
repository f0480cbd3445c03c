/**
 * Defect 1 of the ACP polish: the ACP SDK logs a session/update its schema refuses with
 * console.error and offers no logger. In local mode (`hmux shell`) the server runs in the TUI's
 * process, so that line would land on the screen. The root routes the console to the local
 * server's log (0600) instead: at 80×24, with stderr left on the terminal, a config ACP stand-in
 * sending a malformed update leaves no stray text on screen, the pane shows the count the driver
 * reports, and the SDK's line is in the log. tmux's pipe-pane keeps every byte the
 * terminal got, so a line a later frame paints over is still seen.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, HMUX_SHELL, TmuxScreen } from "./native-helpers.js";

const STAND_IN = fileURLToPath(new URL("../support/acp-stand-in/stand-in-agent.mjs", import.meta.url));
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe.skipIf(!HAVE_TMUX)("the ACP SDK's console output in local mode", () => {
  it("at 80×24: a malformed update leaves no stray text on screen, the pane shows the driver's count, the SDK's line is in the log", async () => {
    const home = mkdtempSync(join(tmpdir(), "hmux-acp-console-"));
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    const configDir = join(home, "config", "hmux");
    mkdirSync(configDir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(configDir, "config.json"),
      JSON.stringify({ version: 1, harnesses: { standin: { acp: { command: [process.execPath, STAND_IN] } } } }),
      { mode: 0o600 },
    );
    const tmux = new TmuxScreen(`hmux-acp-console-${process.pid}`);
    cleanups.push(() => tmux.kill());
    cleanups.push(() => tmux.quitHmux());
    const run = join(home, "run");
    const env = `env -u CI -u TMUX HOME=${home} XDG_STATE_HOME=${home}/state XDG_CONFIG_HOME=${home}/config XDG_RUNTIME_DIR=${run} SHELL=/bin/sh PS1='sh$ ' TERM=xterm-256color`;
    // stderr stays on the terminal: whatever the process prints there would show.
    tmux.start(`cd ${home} && ${env} ${HMUX_SHELL} shell`, 80, 24);
    // Every byte the terminal gets, as a later frame may paint over a stray line before a capture sees it.
    const written = join(home, "terminal.out");
    tmux.tmux("pipe-pane", "-t", tmux.target, `cat >> ${written}`);
    await tmux.waitFor("the shell pane", (s) => /\b1 shell\b/.test(s), 60_000);
    tmux.keys("C-]", "M-n");
    await tmux.waitFor("the new-session dialog", (s) => s.includes("new session"));
    tmux.keys("C-u", "s", "t", "a", "n", "d", "i", "n", "Enter");
    await tmux.waitFor("the standin pane idle", (s) => /2 standin/.test(s) && s.includes("idle"), 60_000);
    tmux.text("malformed");
    tmux.keys("Enter");
    const shown = await tmux.waitFor(
      "the driver's count",
      (s) => s.includes("after the bad one") && /sent 1 session\/update/.test(s.replace(/\s*\n\s*/g, " ")),
      30_000,
    );
    const stray = /Error handling notification|Invalid message|ACP connection|code: -326/;
    expect(shown).not.toMatch(stray);
    expect(readFileSync(written, "utf8")).not.toMatch(stray);
    const log = join(run, "hmux", "local-server.log");
    expect(readFileSync(log, "utf8")).toMatch(/hmux local server: .*(Error handling notification|Invalid)/);
    expect(statSync(log).mode & 0o777).toBe(0o600);
  }, 150_000);
});
