/**
 * A TUI told to stop (SIGTERM) halts its sessions rather than leave them behind: starts `hmux
 * demo` with one real harness on the scripted model (its session on the test's own hmux
 * server), waits until it asks for an approval, SIGTERMs hmux, and checks that hmux left the
 * terminal's normal screen (it exited through its own cleanup, not mid-frame), that every
 * process it and the server had started for it is gone, and that nothing was left in TMPDIR.
 * (A closed terminal, SIGHUP, detaches instead: test/e2e/attach-tmux.test.ts.)
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive, HAVE_TMUX, rail, sleep, TmuxScreen } from "./native-helpers.js";
import { type IsolatedSession, isolatedSession } from "./tmux-driver.js";

function processTable(): Array<{ pid: number; ppid: number; args: string }> {
  return execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => {
      const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(m[1]), ppid: Number(m[2]), args: m[3]! };
    });
}

function descendants(root: number): Array<{ pid: number; args: string }> {
  const rows = processTable();
  const out: Array<{ pid: number; args: string }> = [];
  const walk = (pid: number) => {
    for (const r of rows) if (r.ppid === pid) out.push(r), walk(r.pid);
  };
  walk(root);
  return out;
}

describe.skipIf(!HAVE_TMUX)("hmux demo killed by a signal", () => {
  const screen = new TmuxScreen(`hmux-signal-${process.pid}`, "demo");
  let session: IsolatedSession;
  beforeAll(() => {
    // The server stops soon after its last session: it is among the processes that must be gone.
    session = isolatedSession("hmux-signal-", { privateTmp: true, vars: { HMUX_SERVER_IDLE_EXIT: "2" } });
  });
  afterAll(() => session.close(() => screen.kill()));

  it("SIGTERM halts every session and restores the terminal: no harness process outlives hmux", async () => {
    const tmp = session.vars.TMPDIR!;
    screen.start(session.command("demo --port 0 --harness claude"), 120, 36);
    await screen.waitFor("claude's approval", (s) => /1:claude-1 !/.test(rail(s)), 90_000);

    const panePid = Number(screen.tmux("display-message", "-p", "-t", "demo", "#{pane_pid}").trim());
    const server = session.hmux("server");
    const serverPid = Number(/pid (\d+)/.exec(server.stdout)?.[1]);
    // The TUI's processes, and the harness's under the server that runs its session.
    const started = [...descendants(panePid), ...descendants(serverPid)];
    const harness = started.filter((p) => /claude-code|claude\.exe/.test(p.args));
    expect(harness.length, started.map((p) => p.args).join("\n")).toBeGreaterThan(0);
    // The node process running hmux itself (the launcher, which imports dist/ in the same process).
    const hmux = started.find((p) => /\/bin\/hmux\.js demo /.test(p.args));
    expect(hmux, started.map((p) => p.args).join("\n")).toBeDefined();

    process.kill(hmux!.pid, "SIGTERM");
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && started.some((p) => alive(p.pid))) await sleep(200);
    expect(started.filter((p) => alive(p.pid)).map((p) => p.args)).toEqual([]);
    await screen.waitFor("the shell after hmux", (s) => !s.startsWith("hmux "), 10_000);
    expect(readdirSync(tmp).filter((name) => name.startsWith("hmux-"))).toEqual([]);
    expect(
      screen.tmux("display-message", "-p", "-t", "demo", "#{alternate_on}").trim(),
      "hmux left the alternate screen",
    ).toBe("0");
  });
});
