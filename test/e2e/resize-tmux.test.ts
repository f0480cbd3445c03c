/**
 * A resize redraws the TUI cleanly in a real terminal (tmux): after the window shrinks or grows,
 * what tmux shows is exactly what a TUI started at that size shows, so no row or column of the
 * earlier size is left behind (a line-diffing writer that trusted the old screen would leave them).
 * The compiled TUI shows three idle sessions with fixed transcripts (static-tui.ts); the tmux server is
 * private to the test and killed at the end.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, NODE, ROOT, sleep, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-e2e-resize-${process.pid}`;
const STDERR_LOG = join(tmpdir(), `hmux-e2e-resize-${process.pid}.log`);

const { tmux, stop } = tmuxDriver(SOCKET, "resized", STDERR_LOG);
const screenOf = (target: string): string => tmux("capture-pane", "-p", "-t", target);

describe.skipIf(!HAVE_TMUX)("the TUI redraws cleanly on resize, in tmux", () => {
  let home: string;
  let started = 0;

  /** Starts the TUI in a new session of the given size; resolves once its three panes are drawn. */
  async function startTui(name: string, columns: number, rows: number): Promise<void> {
    const env = [
      `HOME=${home}`,
      `XDG_STATE_HOME=${home}/state`,
      `XDG_CONFIG_HOME=${home}/config`,
      "TERM=xterm-256color",
    ];
    const cmd = `cd ${ROOT} && env ${env.join(" ")} ${NODE} test/e2e/static-tui.ts 2>>${STDERR_LOG}`;
    tmux("new-session", "-d", "-x", String(columns), "-y", String(rows), "-s", name, cmd);
    started++;
    await settled(name, (s) => s.includes("pane 3 line 30"));
  }

  /** The screen once it has stopped changing for a moment (and `ready` holds). */
  async function settled(target: string, ready: (s: string) => boolean = () => true): Promise<string> {
    const end = Date.now() + 60_000;
    let last = "";
    let stableSince = Date.now();
    while (Date.now() < end) {
      const now = screenOf(target);
      if (now !== last) {
        last = now;
        stableSince = Date.now();
      } else if (ready(now) && Date.now() - stableSince >= 600) return now;
      await sleep(150);
    }
    throw new Error(`the screen of ${target} did not settle:\n${last}`);
  }

  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), "hmux-e2e-resize-"));
  });

  afterAll(() => {
    stop();
    rmSync(home, { recursive: true, force: true });
    rmSync(STDERR_LOG, { force: true });
  });

  it("shows after a shrink, a grow and a shrink again exactly what a TUI started at each size shows", async () => {
    await startTui("resized", 120, 40);
    const sizes: [number, number][] = [
      [70, 20],
      [150, 45],
      [100, 24],
    ];
    for (const [columns, rows] of sizes) {
      tmux("resize-window", "-t", "resized", "-x", String(columns), "-y", String(rows));
      const resized = await settled("resized", (s) => s.includes("pane 3 line 30"));
      const fresh = `fresh${started}`;
      await startTui(fresh, columns, rows);
      const reference = screenOf(fresh);
      expect(resized.replace(/\n$/, "").split("\n")).toHaveLength(rows);
      expect(resized, `after resizing to ${columns}×${rows}`).toBe(reference);
    }
  });
});
