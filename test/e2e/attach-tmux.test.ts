/**
 * Sessions outlive the TUI. `hmux demo` (what `npm start` runs, here from source) puts its three
 * panes on the hmux server; once all three ask for an approval, Ctrl+Q → detach leaves them
 * running: `hmux ls` lists the three with the same harness processes, `hmux attach` brings
 * back their transcripts and pending approvals (at 160×48, and `-t` one session at 80×24), and
 * `a` approves — the scripted model's request log (a file in the runtime dir) shows the tool's
 * result reaching the model; once its question is answered, attaching again shows the answer as
 * given and each turn as long as it ran; a closed terminal (SIGHUP) detaches too. The test owns an isolated runtime dir, HOME and TMPDIR, and ends
 * with `hmux kill-server`: no harness, server or model process is left.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive } from "../helpers/process-alive.js";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-attach-${process.pid}`;
const TARGET = "attach";
const STDERR_LOG = join(tmpdir(), `hmux-attach-${process.pid}.log`);

const { tmux, keys, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

/** The rail: the screen's first line, e.g. "hmux 1:claude-1 !  2:codex-1 !  3:pi-1 !". */
const rail = (s: string) => s.split("\n")[0] ?? "";

/** The demo's model daemon: the `hmux model serve` writing this request log. */
function modelPid(requestLog: string): number {
  const row = execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .find((l) => l.includes("model serve") && l.includes(requestLog));
  return Number(row?.trim().split(/\s+/)[0] ?? 0);
}

function children(pid: number): number[] {
  return execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter(([, parent]) => parent === pid)
    .map(([child]) => child!);
}

type Block = { type?: string; id?: string; tool_use_id?: string; input?: { command?: string }; is_error?: boolean };
/** A request (Anthropic wire) whose messages carry a non-error tool_result for the tool_use that ran `command`. */
function ranToolResult(lines: string[], command: string): boolean {
  for (const line of lines) {
    const body = (JSON.parse(line) as { body?: { messages?: Array<{ content?: unknown }> } }).body;
    const blocks = (body?.messages ?? []).flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []));
    const use = blocks.find((b) => b.type === "tool_use" && b.input?.command === command);
    if (use && blocks.some((b) => b.type === "tool_result" && b.tool_use_id === use.id && b.is_error !== true))
      return true;
  }
  return false;
}

describe.skipIf(!HAVE_TMUX)("detach and attach in tmux", () => {
  let session: IsolatedSession;
  let home: string;
  let serverPid = 0;

  const hmux = (...args: string[]) => session.hmux(...args);
  const inPane = (args: string) => session.command(`${args} 2>>${STDERR_LOG}; echo "hmux exited $?"; sleep 600`);

  beforeAll(() => {
    session = isolatedSession("hmux-attach-", { privateTmp: true });
    home = session.home;
    tmux("new-session", "-d", "-x", "160", "-y", "48", "-s", TARGET, inPane("demo"));
  });

  afterAll(async () => {
    await session.close(async () => {
      const end = Date.now() + 20_000;
      while (serverPid && alive(serverPid) && Date.now() < end) await sleep(200);
      stop();
    });
    rmSync(STDERR_LOG, { force: true });
  });

  it("detach leaves the sessions running; ls lists them; attach brings back transcripts and approvals; a approves", async () => {
    await waitFor(
      "three approvals",
      (s) => /1:claude-1 !/.test(rail(s)) && /2:codex-1 !/.test(rail(s)) && /3:pi-1 !/.test(rail(s)),
      150_000,
    );
    const server = /pid (\d+)/.exec(hmux("server").stdout);
    serverPid = Number(server?.[1]);
    expect(serverPid).toBeGreaterThan(0);
    const harnesses = children(serverPid).sort();
    expect(harnesses.length).toBeGreaterThanOrEqual(3); // one process (or more) per harness
    const [run] = readdirSync(join(home, "run", "hmux", "demo"));
    const log = join(home, "run", "hmux", "demo", run!, "requests.ndjson");
    const model = modelPid(log);
    expect(model).toBeGreaterThan(0);

    // Ctrl+Q asks; Enter is detach, the default.
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach (they keep running; hmux attach)"), 10_000);
    keys("Enter");
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);

    // The sessions run on, in the same harness processes, and so does the model they talk to.
    expect(alive(model)).toBe(true);
    const ls = hmux("ls", "--json");
    expect(ls.status, ls.stderr).toBe(0);
    const rows = ls.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { name: string; harness: string; lifecycle: string; pending: number });
    expect(rows.map((r) => [r.harness, r.lifecycle, r.pending])).toEqual([
      ["claude", "awaiting-approval", 1],
      ["codex", "awaiting-approval", 1],
      ["pi", "awaiting-approval", 1],
    ]);
    expect(children(serverPid).sort()).toEqual(harnesses);
    expect(harnesses.every(alive)).toBe(true);

    // 80×24, one session: -t codex-1 brings back only it, its call still pending.
    tmux("resize-window", "-t", TARGET, "-x", "80", "-y", "24");
    tmux("respawn-pane", "-k", "-t", TARGET, inPane(`attach -t ${rows[1]!.name}`));
    const one = await waitFor(
      "codex attached",
      (s) => /1:codex-1 !/.test(rail(s)) && s.includes("touch hmux-demo.txt"),
    );
    expect(rail(one)).not.toMatch(/claude|pi/);
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach"), 10_000);
    keys("Enter");
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);

    // 160×48, everything: each pane's transcript and its pending approval are back.
    tmux("resize-window", "-t", TARGET, "-x", "160", "-y", "48");
    tmux("respawn-pane", "-k", "-t", TARGET, inPane("attach"));
    const all = await waitFor(
      "every session attached",
      (s) => /1:claude-1 !/.test(rail(s)) && /2:codex-1 !/.test(rail(s)) && /3:pi-1 !/.test(rail(s)),
    );
    expect(all).toContain("› Show me the hmux demo.");
    expect(all.match(/awaiting approval/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(all).toContain("$ touch hmux-demo.txt");

    // a approves claude's call: the tool runs and its result reaches the model.
    keys("M-1");
    await sleep(300);
    keys("a");
    await waitFor("claude's question", (s) => s.includes("? Should I keep hmux-demo.txt?"), 60_000);
    expect(statSync(log).mode & 0o777).toBe(0o600);
    const lines = readFileSync(log, "utf8").trim().split("\n");
    expect(ranToolResult(lines, "touch hmux-demo.txt")).toBe(true);

    // Answered and finished, then attached again: claude's pane reads as it did live, the answer
    // as given (not hmux's wording of it) and each turn as long as it ran (not 0ms, the replay's).
    keys("1");
    const answered = await waitFor("claude's closing line", (s) => s.includes("That is the whole demo"), 60_000);
    expect(answered).toContain("› keep it");
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach"), 10_000);
    keys("Enter");
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);
    tmux("respawn-pane", "-k", "-t", TARGET, inPane(`attach -t ${rows[0]!.name}`));
    const again = await waitFor("claude attached again", (s) => s.includes("That is the whole demo"));
    expect(again).toContain("› keep it");
    expect(again).not.toContain("The user answered the question");
    const footers = [...again.matchAll(/turn (\d+) ■ (\S+) · ([\w-]+)/g)].map((m) => [m[1], m[2], m[3]]);
    expect(footers.map(([turn, , cause]) => [turn, cause])).toEqual([
      ["1", "awaiting-input"],
      ["2", "clean"],
    ]);
    expect(footers.map(([, took]) => took)).not.toContain("0ms");

    // A closed terminal (tmux kills the pane: SIGHUP) detaches too: the sessions run on.
    tmux("respawn-pane", "-k", "-t", TARGET, "sleep 600");
    const afterHangup = Date.now() + 20_000;
    let clients = "";
    while (Date.now() < afterHangup) {
      clients = hmux("ls", "--json").stdout;
      if (clients.trim().split("\n").length === 3) break;
      await sleep(250);
    }
    expect(clients.trim().split("\n")).toHaveLength(3);
    expect(harnesses.every(alive)).toBe(true);

    // kill-server ends the sessions and the server; the demo's model goes with the server.
    expect(hmux("kill-server").status).toBe(0);
    const end = Date.now() + 30_000;
    while ([serverPid, model, ...harnesses].some(alive) && Date.now() < end) await sleep(250);
    expect([serverPid, model, ...harnesses].filter(alive)).toEqual([]);
  }, 400_000);
});
