/**
 * A private tmux server driven as a person uses a terminal: keys in, the screen read back with
 * capture-pane. Each e2e file makes one for its own socket and window, and runs hmux in it inside
 * an isolated session of its own (isolatedSession below).
 */
import { execFileSync, type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface TmuxDriver {
  /** A tmux command on this test's private server. */
  tmux(...args: string[]): string;
  /** The window's visible screen, as text. */
  screen(): string;
  /** Every key given is sent in one write: a burst, as a fast typist or a paste gives it. */
  keys(...k: string[]): void;
  /** Typed text; the pause keeps a following Enter out of the same read (Ink would take it as a paste). */
  text(t: string): Promise<void>;
  /** The screen once `test` holds; on timeout the error shows the last screen and hmux's stderr. */
  waitFor(what: string, test: (s: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Kills this test's tmux server and everything in it; a server already gone is fine. */
  stop(): void;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function tmuxDriver(socket: string, target: string, stderrLog: string): TmuxDriver {
  const tmux = (...args: string[]): string => execFileSync("tmux", ["-L", socket, ...args], { encoding: "utf8" });
  const screen = (): string => tmux("capture-pane", "-p", "-t", target);
  return {
    tmux,
    screen,
    keys: (...k) => void tmux("send-keys", "-t", target, ...k),
    text: async (t) => {
      tmux("send-keys", "-t", target, "-l", t);
      await sleep(400);
    },
    waitFor: async (what, test, timeoutMs = 60_000) => {
      const end = Date.now() + timeoutMs;
      let last = "";
      while (Date.now() < end) {
        last = screen();
        if (test(last)) return last;
        await sleep(250);
      }
      let log = "";
      try {
        log = readFileSync(stderrLog, "utf8").slice(-2000);
      } catch {
        // hmux has not written its log yet
      }
      throw new Error(`timed out waiting for ${what}; screen:\n${last}\nstderr:\n${log}`);
    },
    stop: () => {
      try {
        tmux("kill-server");
      } catch {
        // already gone
      }
    },
  };
}

/** The repository root: e2e panes run hmux from there. */
export const ROOT = join(import.meta.dirname, "..", "..");
export const HAVE_TMUX = spawnSync("tmux", ["-V"]).status === 0;
/** The checkout's Node 22 (the `node` devDependency): bin/hmux.js refuses an older system Node. */
export const NODE = join(ROOT, "node_modules", ".bin", "node");
/**
 * hmux as users run it: the launcher and the compiled dist/ (rebuilt by the vitest setup,
 * test/build-dist.ts), not the TypeScript source, so the e2e tests cover the bundled Ink too.
 */
export const HMUX_ARGV: readonly string[] = [NODE, join(ROOT, "bin", "hmux.js")];
/** HMUX_ARGV as shell text, for a pane's command line. */
export const HMUX_SHELL = HMUX_ARGV.map((word) => shellWord(word)).join(" ");

export interface IsolatedSessionOptions {
  /** More variables for hmux and what it starts (a model token, a server idle exit, git's identity). */
  readonly vars?: Readonly<Record<string, string>>;
  /** TMPDIR inside the session too, so a test can see what was left there, and nothing outlives the test. */
  readonly privateTmp?: boolean;
}

/**
 * One e2e test's own hmux world: HOME, the XDG dirs and a private runtime dir (mode 0700, as
 * hmux's server requires) under one temp folder, so the test reaches only its own hmux server
 * and never the user's or another test's.
 */
export interface IsolatedSession {
  readonly home: string;
  readonly runtimeDir: string;
  /** The isolating variables alone, for a pane's command line. */
  readonly vars: Readonly<Record<string, string>>;
  /** This process's environment with the isolating variables on top. */
  readonly env: NodeJS.ProcessEnv;
  /** A pane's shell command: the compiled hmux, from the repo root, with `args` (shell text: redirections welcome). */
  command(args: string): string;
  /** The compiled `hmux <args>` in this session, to completion. */
  hmux(...args: string[]): SpawnSyncReturns<string>;
  /**
   * Stops this session's hmux server (and every session on it), then the terminal (so nothing
   * runs in the folder any more), then removes the folder.
   */
  close(stopTerminal?: () => void | Promise<void>): Promise<void>;
}

export function isolatedSession(prefix: string, options: IsolatedSessionOptions = {}): IsolatedSession {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const runtimeDir = join(home, "run");
  mkdirSync(runtimeDir, { mode: 0o700 });
  const vars: Record<string, string> = {
    HOME: home,
    XDG_RUNTIME_DIR: runtimeDir,
    XDG_STATE_HOME: join(home, "state"),
    XDG_CONFIG_HOME: join(home, "config"),
    XDG_CACHE_HOME: join(home, "cache"),
    TERM: "xterm-256color",
    ...options.vars,
  };
  if (options.privateTmp) {
    vars.TMPDIR = join(home, "tmp");
    mkdirSync(vars.TMPDIR, { mode: 0o700 });
  }
  const env: NodeJS.ProcessEnv = { ...process.env, ...vars };
  const words = Object.entries(vars)
    .map(([k, v]) => `${k}=${shellWord(v)}`)
    .join(" ");
  const hmux = (...args: string[]) =>
    spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), ...args], {
      cwd: ROOT,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
  return {
    home,
    runtimeDir,
    vars,
    env,
    command: (args) => `cd ${ROOT} && env ${words} ${HMUX_SHELL} ${args}`,
    hmux,
    close: async (stopTerminal) => {
      hmux("kill-server"); // no server running is fine: it says so and exits 1
      await stopTerminal?.();
      await removeWhenWritten(home);
    },
  };
}

/** A value as one shell word: bare when it is plainly safe, else single-quoted. */
/** How long a TUI ended by its terminal's close may go on writing under its home. */
const TUI_EXIT_MS = 30_000;

/**
 * Removes `home` once nothing writes in it: a TUI the closed terminal ended writes its compile
 * cache there as it exits, after the terminal has gone, and a folder it fills meanwhile is ENOTEMPTY.
 */
async function removeWhenWritten(home: string): Promise<void> {
  const end = Date.now() + TUI_EXIT_MS;
  for (;;) {
    try {
      rmSync(home, { recursive: true, force: true });
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "ENOTEMPTY" || Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function shellWord(value: string): string {
  return /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
