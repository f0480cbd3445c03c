/**
 * Issue 21's "agents added by config", on the compiled hmux: an ACP agent named only in the user
 * config (`harnesses.<name>.acp`, the SDK stand-in of test/support/acp-stand-in) is listed by `hmux
 * harnesses` and runs in `hmux run` (headless: hmux's policy answers its permission request with the
 * agent's reject option), `hmux session` (a tool.decide command allows its call), `hmux new` on the
 * server, a TUI pane on the server in tmux, and `hmux race` beside a second config agent.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { client, ndJsonStream } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAVE_TMUX, HMUX_ARGV, type IsolatedSession, isolatedSession, tmuxDriver } from "./tmux-driver.js";

const STAND_IN = fileURLToPath(new URL("../support/acp-stand-in/stand-in-agent.mjs", import.meta.url));
const SOCKET = `hmux-acp-config-${process.pid}`;
const TARGET = "acp";
const STDERR_LOG = join(tmpdir(), `hmux-acp-config-${process.pid}.log`);
const { tmux, keys, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

type Row = Record<string, unknown>;
const records = (stdout: string): Row[] =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Row);

describe.skipIf(!HAVE_TMUX)("an ACP agent added by config", () => {
  let session: IsolatedSession;
  let repo: string;
  let log: string;
  const hmux = (...args: string[]) =>
    spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), ...args], {
      cwd: repo,
      env: session.env,
      encoding: "utf8",
      timeout: 60_000,
    });
  const logged = (): Row[] =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Row);

  beforeAll(() => {
    session = isolatedSession("hmux-acp-config-", { vars: { HMUX_SERVER_IDLE_EXIT: "never" } });
    repo = join(session.home, "repo");
    log = join(session.home, "stand-in.jsonl");
    mkdirSync(repo);
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { stdio: "ignore" });
    git("init", "-q", "-b", "main");
    git(
      "-c",
      "user.name=hmux test",
      "-c",
      "user.email=test@hmux.invalid",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "base",
    );
    const agent = { acp: { command: [process.execPath, STAND_IN], env: { STAND_IN_LOG: log } } };
    const dir = join(session.vars.XDG_CONFIG_HOME!, "hmux");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({
        version: 1,
        harnesses: { standin: agent, second: agent, missing: { acp: { command: ["/nowhere/acp-agent", "--acp"] } } },
      }),
      {
        mode: 0o600,
      },
    );
  });

  afterAll(async () => {
    await session.close(stop);
    rmSync(STDERR_LOG, { force: true });
  });

  it("hmux harnesses lists it after the built-ins, its program the configured one", () => {
    const r = hmux("harnesses", "--json");
    expect(r.status, r.stderr).toBe(0);
    const rows = records(r.stdout);
    expect(rows.find((row) => row.harness === "standin")).toMatchObject({ pinned: "unpinned", source: "configured" });
    expect(rows.filter((row) => row.status === "refused")).toEqual([]);
  });

  it("hmux run: the agent's reply, and its gated call answered with its reject option by hmux's policy", () => {
    const hello = hmux("run", "standin", "hello", "--json");
    expect(hello.status, hello.stderr).toBe(0);
    const events = records(hello.stdout);
    expect(events).toContainEqual(expect.objectContaining({ kind: "identity", harness: "standin" }));
    expect(events).toContainEqual(expect.objectContaining({ kind: "message", text: "Hello there" }));
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
    const gated = hmux("run", "standin", "run rm -rf build", "--json");
    expect(gated.status, gated.stderr).toBe(0);
    expect(records(gated.stdout)).toContainEqual(
      expect.objectContaining({
        kind: "approval-disposition",
        decider: "policy",
        decision: expect.objectContaining({ decision: "deny" }),
      }),
    );
    expect(
      logged()
        .filter((l) => l.permission)
        .at(-1)?.outcome,
    ).toEqual({ outcome: "selected", optionId: "no-once" });
  });

  it("an agent that is not installed: hmux run refuses before anything starts, naming it and its config entry", () => {
    const r = hmux("run", "missing", "hello", "--json");
    expect(r.status).toBe(2);
    const failure = records(r.stdout).find((row) => row.kind === "failure");
    expect(failure).toMatchObject({
      issue: "missing-binary",
      message: expect.stringContaining("no missing binary found"),
    });
    expect(String(failure?.hint)).toContain("harnesses.missing.acp");
  });

  it("hmux session: a tool.decide command allows the call, sent as the agent's allow_once option", async () => {
    const child: ChildProcessWithoutNullStreams = spawn(
      HMUX_ARGV[0]!,
      [...HMUX_ARGV.slice(1), "session", "standin", "--json", "--no-journal", "--no-control-socket"],
      { cwd: repo, env: session.env },
    );
    const seen: Row[] = [];
    let buffered = "";
    const waiting: (() => void)[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      seen.push(...records(lines.join("\n")));
      for (const w of waiting.splice(0)) w();
    });
    const next = async (match: (r: Row) => boolean): Promise<Row> => {
      const end = Date.now() + 30_000;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > end) throw new Error(`hmux session never said it: ${JSON.stringify(seen)}`);
        await new Promise<void>((r) => {
          waiting.push(r);
          setTimeout(r, 500);
        });
      }
    };
    child.stdin.write(`${JSON.stringify({ op: "send", id: "m1", text: "run make build" })}\n`);
    const asked = await next((r) => r.kind === "approval-request");
    const callId = (asked.call as { callId: string }).callId;
    child.stdin.write(
      `${JSON.stringify({ format: "metaharness.command/1", id: "d1", command: "tool.decide", call_id: callId, decision: { decision: "allow" } })}\n`,
    );
    await next((r) => r.kind === "done");
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code).toBe(0);
    expect(seen).toContainEqual(expect.objectContaining({ kind: "message", text: "allowed" }));
    expect(
      logged()
        .filter((l) => l.permission)
        .at(-1)?.outcome,
    ).toEqual({ outcome: "selected", optionId: "yes-once" });
  });

  it("hmux new: a session of it on the server, idle after its turn with the agent's session id", () => {
    const r = hmux("new", "standin", "--name", "from-new", "--prompt", "hello", "--json");
    expect(r.status, r.stderr).toBe(0);
    const end = Date.now() + 30_000;
    let listed: Row | undefined;
    while (Date.now() < end) {
      listed = records(hmux("ls", "--json").stdout).find((row) => row.name === "from-new");
      if (listed?.lifecycle === "idle" && listed.harnessSessionId) break;
      spawnSync("sleep", ["0.25"]);
    }
    expect(listed).toMatchObject({
      harness: "standin",
      lifecycle: "idle",
      harnessSessionId: expect.stringMatching(/^stand-in-/),
    });
  });

  it("a TUI pane on the server: its reply shows, and its call is approved with the key", async () => {
    const pane = session.command(`tui standin --cwd ${repo} 2>>${STDERR_LOG}; echo "hmux exited $?"; sleep 600`);
    tmux("new-session", "-d", "-x", "160", "-y", "48", "-s", TARGET, pane);
    await waitFor("the pane idle, taking input", (s) => /1 standin-1 · .*○ idle/.test(s), 60_000);
    keys("hello", "Enter");
    await waitFor("the agent's reply", (s) => s.includes("Hello there"), 30_000);
    keys("run make test", "Enter");
    await waitFor("the call asking", (s) => s.includes("run make test") && /\bexecute\b|shell/.test(s), 30_000);
    keys("a");
    await waitFor("the approved call's reply", (s) => s.includes("allowed"), 30_000);
    expect(
      logged()
        .filter((l) => l.permission)
        .at(-1)?.outcome,
    ).toEqual({ outcome: "selected", optionId: "yes-once" });
    // At 80x24 the pane still shows the agent and what it said.
    tmux("resize-window", "-t", TARGET, "-x", "80", "-y", "24");
    await waitFor("the pane at 80x24", (s) => /1 standin-1\b/.test(s) && s.includes("allowed"), 20_000);
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach"), 10_000);
    keys("Enter");
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);
  }, 200_000);

  it("hmux acp: an ACP client drives the config ACP agent through hmux, hmux's policy and the client's own answer in between", async () => {
    const child = spawn(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), "acp", "standin"], { cwd: repo, env: session.env });
    const asked: string[] = [];
    const app = client({ name: "test-editor" }).onRequest("session/request_permission", ({ params }) => {
      asked.push(params.options.map((o) => o.kind).join(","));
      const allow = params.options.find((o) => o.kind === "allow_once");
      return { outcome: { outcome: "selected" as const, optionId: allow!.optionId } };
    });
    const connection = app.connect(
      ndJsonStream(
        Writable.toWeb(child.stdin) as WritableStream<Uint8Array>,
        Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>,
      ),
    );
    try {
      await connection.agent.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
      const { sessionId } = await connection.agent.request("session/new", { cwd: repo, mcpServers: [] });
      const stop = await connection.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "text", text: "run make docs" }],
      });
      expect(stop.stopReason).toBe("end_turn");
      // The editor was asked (hmux's policy does not list make), and its allow reached the agent as allow_once.
      expect(asked).toHaveLength(1);
      expect(
        logged()
          .filter((l) => l.permission)
          .at(-1)?.outcome,
      ).toEqual({ outcome: "selected", optionId: "yes-once" });
    } finally {
      connection.close();
      child.kill();
    }
  }, 60_000);

  it("hmux race: two config ACP agents race in their own worktrees, both finishing", () => {
    const r = hmux("race", "hello", "standin", "second", "--json");
    expect(r.status, r.stderr).toBe(0);
    const rows = records(r.stdout);
    expect(rows.filter((row) => row.kind === "contestant")).toEqual([
      expect.objectContaining({ harness: "standin", outcome: expect.objectContaining({ cause: "clean" }) }),
      expect.objectContaining({ harness: "second", outcome: expect.objectContaining({ cause: "clean" }) }),
    ]);
  }, 120_000);
});
