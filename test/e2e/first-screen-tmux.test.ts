/**
 * `hmux demo` in a real terminal, once at 80×24 and once at 160×48, against the real claude, codex
 * and pi on the scripted model: focus starts on the pane that asks first (the one the rail
 * names), the demo's question and the keys that answer it read whole in a third of the screen,
 * and every line of help reads whole, wrapped under its key. Keys go in bursts. Isolated
 * HOME/XDG dirs; each size gets its own private tmux server, killed at the end.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { helpRows } from "../../src/ui/components/overlays/HelpOverlay.js";
import { DEFAULT_KEYMAP } from "../../src/ui/keys/keymap.js";
import { tile } from "../../src/ui/layout/tile.js";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, tmuxDriver } from "./tmux-driver.js";

const lines = (s: string) => s.replace(/\n+$/, "").split("\n");
const cells = (row: string, from: number, to?: number) => [...row].slice(from, to).join("");
const BORDERS = /[│┃╭╮╰╯┏┓┗┛─━]/g;
/** Rows read as one run of words, borders dropped: wrapped text reads as written. */
const words = (rows: readonly string[]) => rows.join(" ").replace(BORDERS, " ").replace(/\s+/g, " ");

/** The help list's rows on screen: under its title, above the line saying what is left and the border. */
function helpListRows(screen: string): string[] {
  const all = lines(screen);
  const from = all.findIndex((l) => l.includes("hmux keys · Esc closes")) + 1;
  const to = all.findIndex((l, i) => i > from && l.startsWith("╰"));
  return all.slice(from, to).filter((l) => !/↓ \d+ more|end of list/.test(l));
}

/** `more` appended to `read`, leaving out the rows a last (clamped) page shows again. */
function stitch(read: string[], more: string[]): string[] {
  for (let k = Math.min(read.length, more.length); k > 0; k--)
    if (read.slice(-k).every((r, i) => r === more[i])) return [...read, ...more.slice(k)];
  return [...read, ...more];
}

describe.skipIf(!HAVE_TMUX)("the demo's first screen, in tmux", () => {
  let session: IsolatedSession | undefined;
  let stopTmux: (() => void) | undefined;
  let log = "";
  afterEach(async () => {
    await session?.close(stopTmux);
    rmSync(log, { force: true });
  });

  for (const [columns, rows] of [
    [80, 24],
    [160, 48],
  ] as const)
    it(`at ${columns}×${rows}: focus on the pane that asks, its question whole with its keys, help whole`, async () => {
      const socket = `hmux-e2e-first-${columns}-${process.pid}`;
      log = join(tmpdir(), `${socket}.log`);
      const { tmux, keys: burst, waitFor, stop } = tmuxDriver(socket, "first", log);
      stopTmux = stop;
      session = isolatedSession("hmux-e2e-first-", { vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
      tmux(
        "new-session",
        "-d",
        "-x",
        `${columns}`,
        "-y",
        `${rows}`,
        "-s",
        "first",
        session.command(`demo --port 0 2>${log}`),
      );
      const panes = tile(3, columns, rows - 2);

      // The first request moves focus to its pane (heavy border), the pane the rail names.
      const asking = await waitFor(
        "a request on the rail",
        (s) => /needed in pane \d/.test(lines(s)[0] ?? ""),
        120_000,
      );
      const named = Number(/needed in pane (\d)/.exec(lines(asking)[0]!)![1]);
      const focused = panes.findIndex((r) => cells(lines(asking)[1 + r.y] ?? "", r.x, r.x + 1) === "┏");
      expect(focused + 1).toBe(named);

      // Approve in the focused pane until its question comes; it reads whole, with the keys that answer it.
      const pane = panes[focused]!;
      const paneText = (s: string) =>
        words(
          lines(s)
            .slice(1 + pane.y, 1 + pane.y + pane.height)
            .map((l) => cells(l, pane.x, pane.x + pane.width)),
        );
      for (let i = 0; i < 4; i++) {
        const now = await waitFor(
          "the focused pane asking",
          (t) => /approval \d\/\d|1–2 choose/.test(paneText(t)),
          60_000,
        );
        if (paneText(now).includes("1–2 choose")) break;
        burst("a");
        await waitFor("the approval answered", (t) => paneText(t) !== paneText(now), 30_000);
      }
      const question = await waitFor("the demo's question", (s) => paneText(s).includes("1–2 choose"), 60_000);
      expect(paneText(question)).toContain("? Should I keep hmux-demo.txt?");
      expect(paneText(question)).toContain("1. keep it ★ recommended");
      expect(paneText(question)).toContain("2. delete it");
      expect(paneText(question)).toContain("1–2 choose · or type an answer and Enter");

      // Help: every description reads whole under its key, walking the list a page at a time.
      burst("?");
      let screen = await waitFor("help open", (s) => s.includes("hmux keys · Esc closes"));
      const twoColumns = columns >= 120;
      let read = helpListRows(screen);
      for (let i = 0; i < 12 && /↓ \d+ more/.test(screen); i++) {
        burst("PageDown");
        const before = screen;
        screen = await waitFor("the next page", (t) => helpListRows(t).join() !== helpListRows(before).join());
        read = stitch(read, helpListRows(screen));
      }
      const inner = columns - 4;
      const half = Math.floor(inner / 2);
      const text = twoColumns
        ? `${words(read.map((l) => cells(l, 2, 2 + half)))} ${words(read.map((l) => cells(l, 2 + half, 2 + inner)))}`
        : words(read.map((l) => cells(l, 2, 2 + inner)));
      for (const [key, description] of helpRows(DEFAULT_KEYMAP)) expect(text).toContain(`${key} ${description}`);
      burst("Escape");
      await waitFor("help closed", (s) => !s.includes("hmux keys · Esc closes"));
    }, 240_000);
});
