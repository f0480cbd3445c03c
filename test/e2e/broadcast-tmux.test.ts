/**
 * Broadcast in a real terminal (tmux) against the real claude, codex and pi on the scripted
 * model: at 80×24 all three panes are marked and one typed prompt reaches each of them, each
 * pane shows it and the model's reply; at 160×48 two panes are marked by number and the third
 * gets nothing. Isolated HOME/XDG dirs; the tmux server is private to the test and killed at the end.
 */
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-e2e-broadcast-${process.pid}`;
const TARGET = "broadcast";
const STDERR_LOG = join(tmpdir(), `hmux-e2e-broadcast-${process.pid}.log`);

const { tmux, screen, keys, text, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

const lines = (s: string) => s.replace(/\n+$/, "").split("\n");
const rail = (s: string) => lines(s)[0] ?? "";
const CORNERS = new Set(["╭", "┏"]);
/**
 * Pane `n` (1-based) as drawn, whatever the tiling: each band of panes starts at a row of top-left
 * corners, and each pane's columns start at its corner.
 */
function pane(s: string, n: number): string {
  const rows = lines(s).slice(1, -1);
  const starts = rows.flatMap((r, i) => (CORNERS.has([...r][0] ?? "") ? [i] : []));
  const found: string[] = [];
  for (const [b, start] of starts.entries()) {
    const band = rows.slice(start, starts[b + 1] ?? rows.length).map((r) => [...r]);
    const top = band[0] ?? [];
    const cuts = [...top.flatMap((c, j) => (CORNERS.has(c) ? [j] : [])), top.length];
    for (let k = 0; k + 1 < cuts.length; k++)
      found.push(band.map((r) => r.slice(cuts[k], cuts[k + 1]).join("")).join("\n"));
  }
  return found[n - 1] ?? "";
}
const allIdle = (s: string) => /1:claude-1 ○.*2:codex-1 ○.*3:pi-1 ○/.test(rail(s));
const count = (s: string, needle: string) => s.split(needle).length - 1;

describe.skipIf(!HAVE_TMUX)("broadcast in tmux", () => {
  let session: IsolatedSession;

  beforeAll(() => {
    // The panes live on an hmux server: this test's own, never the user's or another test's.
    session = isolatedSession("hmux-e2e-broadcast-");
    const cmd = session.command(
      `demo --port 0 --script test/e2e/broadcast-script.json --prompt "say ready" 2>${STDERR_LOG}`,
    );
    tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", TARGET, cmd);
  });

  afterAll(async () => {
    await session.close(stop);
    rmSync(STDERR_LOG, { force: true });
  });

  it("at 80×24: all three panes marked, one prompt typed once, each pane shows it and gets a reply", async () => {
    await waitFor("three idle panes after their first turn", allIdle, 120_000);

    keys("M-b");
    const marking = await waitFor("the broadcast bar", (s) => s.includes("broadcast · marked: no pane marked yet"));
    for (const n of [1, 2, 3]) expect(pane(marking, n)).toContain(`${n} [ ]`);
    keys("a");
    const marked = await waitFor("every pane marked", (s) => s.includes("marked: 1 claude-1, 2 codex-1, 3 pi-1"));
    for (const n of [1, 2, 3]) expect(pane(marked, n)).toContain(`${n} [x]`);
    keys("Enter");
    await waitFor("the prompt field", (s) => s.includes("broadcast ›"));
    await text("ping-all");
    keys("Enter");

    const done = await waitFor(
      "every pane's reply",
      (s) => [1, 2, 3].every((n) => pane(s, n).includes("pong from")) && allIdle(s),
      90_000,
    );
    for (const n of [1, 2, 3]) {
      expect(pane(done, n)).toContain("› ping-all");
      expect(pane(done, n)).not.toContain("[x]");
    }
    // Every row stays inside the terminal.
    for (const row of lines(done)) expect([...row].length).toBeLessThanOrEqual(80);
  }, 240_000);

  it("at 160×48: panes 1 and 3 marked by number get the prompt and reply; pane 2 gets nothing", async () => {
    tmux("resize-window", "-t", TARGET, "-x", "160", "-y", "48");
    await waitFor("the wide layout", (s) => [...(lines(s)[1] ?? "")].length === 160 && allIdle(s));
    const before = screen();
    const codexBefore = count(pane(before, 2), "pong from");

    keys("M-b");
    await waitFor("the broadcast bar", (s) => s.includes("broadcast · marked:"));
    keys("1");
    await sleep(200);
    keys("3");
    const marked = await waitFor("panes 1 and 3 marked", (s) => s.includes("marked: 1 claude-1, 3 pi-1"));
    expect(pane(marked, 1)).toContain("1 [x] claude");
    expect(pane(marked, 2)).toContain("2 [ ] codex");
    expect(pane(marked, 3)).toContain("3 [x] pi");
    keys("Enter");
    await waitFor("the prompt field", (s) => s.includes("broadcast to 1 claude-1, 3 pi-1"));
    await text("ping-two");
    keys("Enter");

    const done = await waitFor(
      "the replies in panes 1 and 3",
      (s) => [1, 3].every((n) => count(pane(s, n), "pong from") === 2) && allIdle(s),
      90_000,
    );
    expect(pane(done, 1)).toContain("› ping-two");
    expect(pane(done, 3)).toContain("› ping-two");
    await sleep(1500);
    const after = screen();
    expect(pane(after, 2)).not.toContain("ping-two");
    expect(count(pane(after, 2), "pong from")).toBe(codexBefore);
  }, 180_000);
});
