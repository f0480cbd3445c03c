/**
 * A TUI killed by a signal must not orphan its harnesses: they run in their own process
 * groups, so only hmux can stop them. Starts `hmux demo` with one real harness on the
 * scripted model, waits until it asks for an approval, SIGTERMs hmux, and checks that hmux
 * left the terminal's normal screen (it exited through its own cleanup, not mid-frame), that
 * every process it had started is gone, and that its panes' temp state dirs went with it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { alive, HAVE_TMUX, ROOT, rail, sleep, TmuxScreen } from "./native-helpers.js";

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
  const home = mkdtempSync(join(tmpdir(), "hmux-signal-"));
  afterAll(() => {
    screen.kill();
    rmSync(home, { recursive: true, force: true });
  });

  it("SIGTERM halts every session and restores the terminal: no harness process outlives hmux", async () => {
    const tmp = join(home, "tmp"); // the panes' isolated HOMEs go here (hmux-<harness>-XXXXXX)
    mkdirSync(tmp);
    const env = `HOME=${home} XDG_STATE_HOME=${home}/state XDG_CONFIG_HOME=${home}/config TMPDIR=${tmp} TERM=xterm-256color`;
    screen.start(
      `cd ${ROOT} && env ${env} ${ROOT}/node_modules/.bin/tsx src/cli/main.ts demo --port 0 --harness claude`,
      120,
      36,
    );
    await screen.waitFor("claude's approval", (s) => /1:claude !/.test(rail(s)), 90_000);

    const panePid = Number(screen.tmux("display-message", "-p", "-t", "demo", "#{pane_pid}").trim());
    const started = descendants(panePid);
    const harness = started.filter((p) => /claude-code|claude\.exe/.test(p.args));
    expect(harness.length, started.map((p) => p.args).join("\n")).toBeGreaterThan(0);
    // The node process running hmux itself (under tsx's loader), not the tsx launcher above it.
    const hmux = started.find((p) => /--import \S*tsx\S*loader\.mjs src\/cli\/main\.ts/.test(p.args));
    expect(hmux, started.map((p) => p.args).join("\n")).toBeDefined();

    expect(readdirSync(tmp).filter((name) => name.startsWith("hmux-claude-"))).toHaveLength(1);

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
