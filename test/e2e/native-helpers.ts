/**
 * A private tmux server for the native-pane end-to-end tests: start hmux in it, type, read
 * the screen with capture-pane, resize, and tear everything down (the server, hmux, and
 * the processes in its panes) afterwards.
 */
import { execFileSync } from "node:child_process";
import { sleep } from "./tmux-driver.js";

export { HAVE_TMUX, HMUX_SHELL, ROOT, sleep } from "./tmux-driver.js";

const EXITED = "HMUX-EXITED";

export class TmuxScreen {
  constructor(
    readonly socket: string,
    readonly target = "hmux",
  ) {}

  tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, ...args], { encoding: "utf8" });
  }

  /** Starts `command` in a detached session of the given size; a marker shows once it exits. */
  start(command: string, cols: number, rows: number): void {
    this.tmux(
      "new-session",
      "-d",
      "-x",
      String(cols),
      "-y",
      String(rows),
      "-s",
      this.target,
      `${command}; echo ${EXITED}; sleep 600`,
    );
  }

  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", this.target);
  }

  keys(...k: string[]): void {
    this.tmux("send-keys", "-t", this.target, ...k);
  }

  text(t: string): void {
    this.tmux("send-keys", "-t", this.target, "-l", t);
  }

  resize(cols: number, rows: number): void {
    this.tmux("resize-window", "-t", this.target, "-x", String(cols), "-y", String(rows));
  }

  async waitFor(what: string, test: (screen: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const end = Date.now() + timeoutMs;
    let last = "";
    while (Date.now() < end) {
      try {
        last = this.screen();
      } catch {
        last = "(no tmux session)";
      }
      if (test(last)) return last;
      await sleep(150);
    }
    throw new Error(`timed out waiting for ${what}; screen:\n${last}`);
  }

  /** Quits hmux the way a user does (Ctrl-], Ctrl-q, y), so it closes its panes and cleans up. */
  async quitHmux(timeoutMs = 20_000): Promise<void> {
    try {
      this.keys("C-]");
      await sleep(200);
      this.keys("C-q");
      const s = await this.waitFor(
        "the quit question or an exit",
        (t) => t.includes("y quit") || !t.startsWith("hmux "),
        5000,
      );
      if (s.includes("y quit")) this.keys("y");
      await this.waitFor("hmux to exit", (t) => t.includes(EXITED), timeoutMs);
    } catch {
      // kill() below is the fallback
    }
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // already gone
    }
  }
}

/** The pane's inner rows (between the side borders), right-trimmed. */
export function paneLines(screen: string): string[] {
  return screen
    .split("\n")
    .map((l) => /^[║┃│](.*)[║┃│]\s*$/.exec(l)?.[1]?.replace(/\s+$/, "") ?? null)
    .filter((l): l is string => l !== null);
}

export const rail = (screen: string): string => screen.split("\n")[0] ?? "";

/** Zombie-aware: a child that exited but is not yet reaped counts as dead (test/helpers/process-alive.ts). */
export { alive } from "../helpers/process-alive.js";
