/**
 * The new-session dialog offers the server's harnesses, not the client's: a server started with a
 * user config that registers mimic, and `hmux tui` started with a config of its own that does not,
 * on that same server. At 80×24 the dialog lists mimic among its choices, and the server plans a
 * mimic session the TUI's own registry has never heard of. Keys in bursts;
 * HOME is a temp dir; the tmux server and the hmux server are the test's own and stopped at the end.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MIMIC_PLUGIN } from "../support/fake-harness/adapter.js";
import { HAVE_TMUX, HMUX_SHELL, TmuxScreen } from "./native-helpers.js";
import { HMUX_ARGV } from "./tmux-driver.js";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The screen as one line of words, frame borders dropped. */
const words = (s: string) => s.replace(/[│┃╭╮╰╯┏┓┗┛━─]/g, " ").replace(/\s+/g, " ");

describe.skipIf(!HAVE_TMUX)("the new-session dialog lists the server's harnesses", () => {
  it("at 80×24: a harness only the server's user config registers is offered and planned", async () => {
    const home = mkdtempSync(join(tmpdir(), "hmux-dialog-list-"));
    const shared = {
      HOME: home,
      XDG_STATE_HOME: join(home, "state"),
      XDG_RUNTIME_DIR: join(home, "run"),
    };
    const serverConfig = join(home, "server-config");
    const tuiConfig = join(home, "tui-config");
    mkdirSync(join(serverConfig, "hmux"), { recursive: true, mode: 0o700 });
    writeFileSync(
      join(serverConfig, "hmux", "config.json"),
      JSON.stringify({ version: 1, harnesses: { mimic: { module: MIMIC_PLUGIN } } }),
      { mode: 0o600 },
    );
    const serverEnv = { ...process.env, ...shared, XDG_CONFIG_HOME: serverConfig, HMUX_SERVER_IDLE_EXIT: "never" };
    const tmux = new TmuxScreen(`hmux-dialog-list-${process.pid}`);
    cleanups.push(() => rmSync(home, { recursive: true, force: true }));
    cleanups.push(() => {
      spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), "kill-server"], { env: serverEnv });
    });
    cleanups.push(() => tmux.kill());
    cleanups.push(() => tmux.quitHmux());
    // The server starts with mimic in its config; the TUI's own config registers nothing.
    const started = spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), "server"], {
      env: serverEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(started.status, started.stderr).toBe(0);
    const env = `env -u CI -u TMUX ${Object.entries({ ...shared, XDG_CONFIG_HOME: tuiConfig })
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")} TERM=xterm-256color`;
    tmux.start(`cd ${home} && ${env} ${HMUX_SHELL} tui 2>${home}/stderr.log`, 80, 24);
    await tmux.waitFor("the TUI", (s) => s.includes("no panes open"), 60_000);
    tmux.keys("M-n");
    const listed = await tmux.waitFor("the dialog's harness list", (s) => /harness\s+←\/→/.test(s), 30_000);
    expect(words(listed)).toMatch(/\bmimic\b/);
    // One burst: name mimic, move on; the server plans it (the TUI's registry would not know it).
    tmux.keys("C-u", "m", "i", "m", "i", "c", "Tab");
    // Its settings with their tiers: what only an accepted plan shows (at 80×24 they push its first line off).
    const planned = await tmux.waitFor(
      "the server's plan of mimic",
      (s) => /\[mimic\]/.test(words(s)) && /decisionBudget \d+/.test(words(s)),
      30_000,
    );
    expect(words(planned)).not.toContain("refused");
  }, 120_000);
});
