/**
 * Detached sessions wait for you, end to end in tmux with the compiled hmux. `hmux demo` puts
 * three sessions on the server, each waiting for an approval; Ctrl+Q → detach. Plain `hmux` then
 * opens no pane, and its first screen says the server holds 3 sessions, 3 waiting, and that Alt+o
 * opens them (at 80×24 and at 160×48); Alt+o opens one. `hmux ls` shows each approval's auto-deny
 * countdown (10 minutes by default). With that TUI open, `hmux kill-server` in another shell: the
 * TUI says the server was stopped and exits 1.
 */
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-held-${process.pid}`;
const TARGET = "held";
const STDERR_LOG = join(tmpdir(), `hmux-held-${process.pid}.log`);

const { tmux, keys, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);
const rail = (s: string) => s.split("\n")[0] ?? "";
const flat = (s: string) => s.replace(/\s+/g, " ");

describe.skipIf(!HAVE_TMUX)("sessions the server holds, seen from plain hmux", () => {
  let session: IsolatedSession;
  const inPane = (args: string) => session.command(`${args} 2>>${STDERR_LOG}; echo "hmux exited $?"; sleep 600`);

  beforeAll(() => {
    session = isolatedSession("hmux-held-", { privateTmp: true });
    tmux("new-session", "-d", "-x", "160", "-y", "48", "-s", TARGET, inPane("demo"));
  });

  afterAll(async () => {
    await session.close(() => stop());
    rmSync(STDERR_LOG, { force: true });
  });

  it("the first screen says what waits and Alt+o opens it; ls shows the deadline; kill-server ends the TUI with exit 1", async () => {
    await waitFor(
      "three approvals",
      (s) => /1:claude-1 !/.test(rail(s)) && /2:codex-1 !/.test(rail(s)) && /3:pi-1 !/.test(rail(s)),
      150_000,
    );
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach (they keep running; hmux attach)"), 10_000);
    keys("Enter");
    await waitFor("the demo gone", (s) => s.includes("hmux exited 0"), 20_000);

    const ls = session.hmux("ls");
    expect(ls.status, ls.stderr).toBe(0);
    expect(ls.stdout.match(/awaiting-approval \(auto-deny in 9 min\)/g)).toHaveLength(3);

    for (const [x, y] of [
      [80, 24],
      [160, 48],
    ] as const) {
      tmux("resize-window", "-t", TARGET, "-x", String(x), "-y", String(y));
      tmux("respawn-pane", "-k", "-t", TARGET, inPane(""));
      const first = await waitFor(`plain hmux at ${x}×${y}`, (s) => flat(s).includes("Alt+o opens one"), 30_000);
      expect(flat(first)).toContain("the hmux server holds 3 sessions (3 waiting for you) · Alt+o opens one");
      keys("M-o");
      await waitFor(`one pane open at ${x}×${y}`, (s) => s.includes("awaiting approval"), 20_000);
      if (x === 80) {
        keys("C-q");
        await waitFor("the quit question", (s) => s.includes("detach"), 10_000);
        keys("Enter");
        await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);
      }
    }

    expect(session.hmux("kill-server").status).toBe(0);
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 1"), 20_000);
    expect(readFileSync(STDERR_LOG, "utf8")).toMatch(
      /hmux: the hmux server was stopped \(kill-server from client [\w-]+\)/,
    );
  }, 400_000);
});
