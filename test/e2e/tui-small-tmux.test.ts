/**
 * `hmux demo` in a real terminal at 80×24, then 160×48, against the real claude, codex and pi on
 * the scripted model: what a new user sees on a small terminal (pane numbers and states, where
 * help is, a help list that scrolls both ways), keys sent in one burst, and harness stderr
 * folded into each pane's "harness notices" line instead of heading the pane. Isolated
 * HOME/XDG dirs; the tmux server is private to the test and killed at the end.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-e2e-small-${process.pid}`;
const TARGET = "small";
const STDERR_LOG = join(tmpdir(), `hmux-e2e-small-${process.pid}.log`);
/** codex says it found no bubblewrap only where none is on the PATH. */
const HAVE_BWRAP = (process.env.PATH ?? "").split(delimiter).some((d) => {
  try {
    readFileSync(join(d, "bwrap"));
    return true;
  } catch {
    return false;
  }
});

const { tmux, screen, keys: burst, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

const lines = (s: string) => s.replace(/\n+$/, "").split("\n");
/** The columns of pane `n` (1-based) in a row of three side-by-side panes at 80 columns. */
const column = (row: string, n: number): string => {
  const chars = [...row];
  const cuts = [0, 27, 54, 80];
  return chars.slice(cuts[n - 1], cuts[n]).join("");
};

describe.skipIf(!HAVE_TMUX)("hmux demo on a small terminal, in tmux", () => {
  let session: IsolatedSession;

  beforeAll(() => {
    // The panes' sessions run on an hmux server of this test's own, which stops soon after its last session.
    session = isolatedSession("hmux-e2e-small-", { vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
    tmux("new-session", "-d", "-x", "80", "-y", "24", "-s", TARGET, session.command(`demo --port 0 2>${STDERR_LOG}`));
  });

  afterAll(async () => {
    await session.close(stop);
    rmSync(STDERR_LOG, { force: true });
  });

  it("at 80×24: numbered panes with their state, help in the footer, help that scrolls back, bursts, notices", async () => {
    const first = await waitFor(
      "three panes asking",
      (s) => /1:claude-1 !.*2:codex-1 !.*3:pi-1 !/.test(lines(s)[0] ?? ""),
      120_000,
    );

    // Every pane header keeps its number and its state, however narrow the pane.
    const header = lines(first)[2] ?? "";
    for (const [n, name] of [
      [1, "claude"],
      [2, "codex"],
      [3, "pi"],
    ] as const) {
      expect(column(header, n)).toMatch(new RegExp(`^.${n} ${name}.*! ?\\S*.$`));
    }
    // The footer still says where help is.
    expect(lines(first).at(-1)?.trimEnd()).toMatch(/\? help$/);

    // Harness stderr no longer heads the pane: it is one line under codex's header.
    const notices = await waitFor("codex's notices line", (s) =>
      /▸ .*\(\d+\) · Alt\+e/.test(column(lines(s)[3] ?? "", 2)),
    );
    expect(notices).not.toContain("WARNING: proceeding");
    expect(notices).not.toContain("codex_app_server");
    if (!HAVE_BWRAP) expect(column(lines(notices)[3] ?? "", 2)).toContain("⚠ sandbox");

    // Focus codex and open its notices in one burst: both keys act.
    burst("M-2", "M-e");
    const open = await waitFor("codex's notices open", (s) => column(lines(s)[3] ?? "", 2).includes("▾"));
    expect(open).toMatch(/bubblewrap|PATH aliases|codex/);
    burst("M-e");
    await waitFor("codex's notices folded", (s) => column(lines(s)[3] ?? "", 2).includes("▸"));

    // Typing then three Backspaces in one burst leaves the right text, inside the border.
    burst("M-3");
    await sleep(300);
    burst("-l", "hdase");
    await waitFor("the typed text", (s) => s.includes("hdase"));
    burst("BSpace", "BSpace", "BSpace");
    const typed = await waitFor("two letters left", (s) => /› hd\s*┃/.test(s) && !s.includes("hdase"));
    for (const row of lines(typed).slice(1, -1)) expect([...row].length).toBeLessThanOrEqual(80);
    burst("BSpace", "BSpace");
    await waitFor("the field empty again", (s) => !/› hd/.test(s));

    // Help: the list says what is left, PgDn reaches its end, PgUp goes back and still says more.
    burst("?");
    await waitFor("help open", (s) => s.includes("hmux keys"));
    const top = await waitFor("help says there is more", (s) => /↓ \d+ more · PgDn/.test(s));
    expect(top).not.toContain("PgUp back");
    for (let i = 0; i < 6; i++) burst("PageDown");
    const end = await waitFor("help at its end", (s) => s.includes("end of list · PgUp back"));
    expect(end).toMatch(/native|Enter/);
    burst("PageUp");
    await waitFor("help back up, still saying what is below", (s) => /↓ \d+ more · PgDn/.test(s));
    burst("Escape");
    await waitFor("help closed", (s) => !s.includes("hmux keys"));
  }, 240_000);

  it("at 160×48 codex's stderr is only on its notices line, and a halt says it closed once", async () => {
    // Whatever the test before left open (its failure) is closed first.
    if (screen().includes("hmux keys")) burst("Escape");
    tmux("resize-window", "-t", TARGET, "-x", "160", "-y", "48");
    const s = await waitFor("the wide layout", (t) => [...(lines(t)[1] ?? "")].length === 160);
    expect(s).toMatch(/harness notices \(\d+\)/);
    // Zoomed, codex's whole conversation fits: its stderr is nowhere in it, only on the notices line.
    burst("M-2", "M-z");
    const zoomed = await waitFor("codex zoomed", (t) => /^.2 codex/.test(lines(t)[2] ?? "") && !t.includes("1 claude"));
    const pane = lines(zoomed).slice(2, -1);
    expect(pane[1]).toMatch(/▸ harness notices \(\d+\)/);
    expect(pane.join("\n")).toContain("turn 1");
    expect(zoomed).not.toContain("WARNING: proceeding");
    expect(zoomed).not.toContain("codex_app_server");
    if (!HAVE_BWRAP) expect(zoomed).toMatch(/⚠ codex\.sandbox is not as asked: asked workspace-write/);

    // Halting codex with a call pending: the closing is said once, and the decision it could no
    // longer deliver is a notice, not transcript news.
    burst("M-x");
    const halted = await waitFor("codex closed", (t) => t.includes("session closed ("), 60_000);
    await sleep(1500);
    const after = screen();
    expect(after.match(/session closed/g)).toHaveLength(1);
    expect(after).not.toContain("not delivered");
    expect(halted).toContain("the session has ended");
    burst("M-z");

    // Quit: asks while sessions run; h leaves halting them, and the terminal's session ends with it.
    burst("C-q");
    await waitFor("the quit question", (t) => t.includes("h halt all"), 10_000);
    burst("h");
    const end = Date.now() + 60_000;
    while (spawnSync("tmux", ["-L", SOCKET, "has-session", "-t", TARGET]).status === 0 && Date.now() < end)
      await sleep(250);
    expect(spawnSync("tmux", ["-L", SOCKET, "has-session", "-t", TARGET]).status).not.toBe(0);
  }, 120_000);
});
