/**
 * Drives `hmux demo` in a real terminal (tmux, 160×48) against the real claude, codex and
 * pi on the scripted model: reads run unasked, approve a call, deny one with a typed reason
 * (and the model takes no for an answer), answer a question, interrupt a running turn, halt
 * a session, then quit halting the rest. Reads the screen with capture-pane and checks what the
 * model saw over GET /_hmux/requests. The panes' sessions run on an hmux server of the test's own
 * (isolated HOME, XDG and runtime dirs); the tmux server is private to the test and killed at the
 * end, and the hmux server is stopped with it.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { alive } from "../helpers/process-alive.js";
import { HAVE_TMUX, type IsolatedSession, isolatedSession, sleep, tmuxDriver } from "./tmux-driver.js";

const SOCKET = `hmux-e2e-${process.pid}`;
const TARGET = "demo";
const STDERR_LOG = join(tmpdir(), `hmux-e2e-${process.pid}.log`);

const { tmux, screen, keys, text, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface Req {
  path: string;
  body: unknown;
  lastUserText?: string;
}
/** The request log needs the model server's token; the test sets it. */
const MODEL_TOKEN = "e2e-demo-request-log-token";
async function requests(port: number): Promise<Req[]> {
  const res = await fetch(`http://127.0.0.1:${port}/_hmux/requests`, {
    headers: { authorization: `Bearer ${MODEL_TOKEN}` },
  });
  const json = (await res.json()) as Req[] | { requests: Req[] };
  return Array.isArray(json) ? json : json.requests;
}
const bodies = (rs: Req[], path: RegExp) => rs.filter((r) => path.test(r.path)).map((r) => JSON.stringify(r.body));
type Block = { type?: string; id?: string; tool_use_id?: string; input?: { command?: string }; is_error?: boolean };
/** claude (Anthropic wire): a later request carries a non-error tool_result for the tool_use that ran `command`. */
function ranToolResult(rs: Req[], command: string): boolean {
  for (const r of rs) {
    const messages = (r.body as { messages?: Array<{ content?: unknown }> } | null)?.messages ?? [];
    const blocks = messages.flatMap((m) => (Array.isArray(m.content) ? (m.content as Block[]) : []));
    const use = blocks.find((b) => b.type === "tool_use" && b.input?.command === command);
    if (use && blocks.some((b) => b.type === "tool_result" && b.tool_use_id === use.id && b.is_error !== true))
      return true;
  }
  return false;
}

function descendants(root: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/).map(Number));
  const out: number[] = [];
  const walk = (pid: number) => {
    for (const [child, parent] of rows) if (parent === pid && child !== undefined) out.push(child), walk(child);
  };
  walk(root);
  return out;
}

/** The rail: each pane's number and the server's name for its session, e.g. "1:claude-1 !". */
const rail = (s: string) => s.split("\n")[0] ?? "";

describe.skipIf(!HAVE_TMUX)("hmux demo in tmux", () => {
  let session: IsolatedSession;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    session = isolatedSession("hmux-e2e-", {
      // The server stops soon after its last session: it is among the processes that must be gone.
      vars: { HMUX_SERVER_IDLE_EXIT: "2", HMUX_MODEL_TOKEN: MODEL_TOKEN },
    });
    const cmd = session.command(`demo --port ${port} --script test/e2e/demo-script.json 2>${STDERR_LOG}`);
    tmux("new-session", "-d", "-x", "160", "-y", "48", "-s", TARGET, cmd);
  });

  afterAll(async () => {
    await session.close(stop);
    rmSync(STDERR_LOG, { force: true });
  });

  it("approve, deny with a reason, answer, interrupt, halt — and the model saw each", async () => {
    // Three panes come up. Reading the README runs unasked on every harness (the default
    // policy), so pi's first approval is the command that changes the disk, not the read.
    const piAsks = await waitFor("pi's approval", (s) => /3:pi-1 !/.test(rail(s)), 90_000);
    expect(piAsks).toContain("✓ read README.md");
    expect(piAsks).not.toMatch(/◌ read README\.md/);

    // codex asks to change the disk: deny it with a typed reason (before hmux's own decision
    // deadline denies it for us). The model is told, says so, and does not ask again.
    await waitFor("codex's approval", (s) => /2:codex-1 !/.test(rail(s)), 90_000);
    keys("M-2");
    await sleep(300);
    keys("d");
    await waitFor("the deny prompt", (s) => s.includes("deny reason ›"));
    await text("no files today");
    keys("Enter");
    await waitFor("the denial on screen", (s) => s.includes("denied: no files today"));
    const deadline = Date.now() + 30_000;
    let sawReason = false;
    while (!sawReason && Date.now() < deadline) {
      sawReason = bodies(await requests(port), /responses/).some((b) => b.includes("no files today"));
      if (!sawReason) await sleep(500);
    }
    expect(sawReason).toBe(true);
    await waitFor("codex taking no for an answer", (s) => s.includes("so I took no for an answer"), 30_000);
    await sleep(1500);
    expect(rail(screen())).not.toMatch(/2:codex-1 !/);

    // claude asks to run the shell command: approve it.
    await waitFor(
      "claude's approval",
      (s) => /1:claude-1 !/.test(rail(s)) && s.includes("touch hmux-demo.txt"),
      60_000,
    );
    keys("M-1");
    await sleep(300);
    keys("a");
    const asked = await waitFor("claude's question", (s) => s.includes("? Should I keep hmux-demo.txt?"));
    expect(asked).toContain("★ recommended");
    let rs = await requests(port);
    expect(ranToolResult(rs, "touch hmux-demo.txt")).toBe(true);

    // Answer with the number key; the session resumes and finishes.
    keys("1");
    await waitFor("claude's closing line", (s) => s.includes("That is the whole demo"));
    rs = await requests(port);
    expect(rs.some((r) => (r.lastUserText ?? "").includes("with: keep it"))).toBe(true);

    // Interrupt a running claude turn mid-stream.
    keys("M-1");
    await sleep(300);
    await text("please go slow");
    keys("Enter");
    // claude shows the message only when it completes, so interrupt on the running state.
    await waitFor("the slow turn running", (s) => /1:claude-1 ●/.test(rail(s)), 30_000);
    await sleep(4000);
    keys("Escape");
    await waitFor("claude idle again", (s) => /1:claude-1 ○/.test(rail(s)), 30_000);
    await sleep(2500);
    const after = screen();
    expect(after).not.toContain("slow chunk LAST");
    expect(after).toMatch(/turn 3 ■/);

    // Halt pi.
    keys("M-3");
    await sleep(300);
    keys("M-x");
    await waitFor("pi halted", (s) => /3:pi-1 [■✗]/.test(rail(s)), 30_000);

    // Quit: asks while sessions run; h leaves halting the rest, and no process is left behind —
    // the TUI's, the harnesses on the hmux server, the server itself (idle once they are gone).
    const panePid = Number(tmux("display-message", "-p", "-t", TARGET, "#{pane_pid}").trim());
    const server = session.hmux("server");
    const serverPid = Number(/pid (\d+)/.exec(server.stdout)?.[1]);
    const family = [...descendants(panePid), serverPid, ...descendants(serverPid)];
    expect(descendants(serverPid).length).toBeGreaterThan(1); // the harnesses still running
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("h halt all") || !s.includes("hmux"), 10_000);
    keys("h");
    const end = Date.now() + 30_000;
    while (family.some(alive) && Date.now() < end) await sleep(250);
    expect(family.filter(alive)).toEqual([]);
  }, 300_000);
});
