/**
 * A private tmux server driven as a person uses a terminal: keys in, the screen read back with
 * capture-pane. Each e2e file makes one for its own socket and window.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

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
