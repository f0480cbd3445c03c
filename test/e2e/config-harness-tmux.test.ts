/**
 * Issue 20's first acceptance point, on the compiled hmux: a harness registered only in a config
 * file (no source change, no registryWith) works everywhere. The user config of an isolated HOME/XDG
 * names two plugin modules under test/support (mimic, a fake CLI speaking Claude Code's stream-json,
 * and twin, the same CLI as a second harness), and then: `hmux harnesses` lists them, `hmux run`
 * runs a turn, `hmux session` runs one whose call a command approves, `hmux new` starts one on the
 * server, a TUI pane on the server (`hmux tui mimic`) and a local one (`hmux native mimic`, its own
 * UI) run it, and `hmux race` races the two. Without the config, the same name is unknown.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverPaths } from "../../src/server/paths.js";
import { MIMIC_PLUGIN } from "../support/fake-harness/adapter.js";
import { HAVE_TMUX, HMUX_ARGV, type IsolatedSession, isolatedSession, tmuxDriver } from "./tmux-driver.js";

const TWIN_PLUGIN = join(MIMIC_PLUGIN, "..", "twin-plugin.mjs");
const SOCKET = `hmux-config-harness-${process.pid}`;
const TARGET = "plugin";
const STDERR_LOG = join(tmpdir(), `hmux-config-harness-${process.pid}.log`);
const { tmux, keys, waitFor, stop } = tmuxDriver(SOCKET, TARGET, STDERR_LOG);

type Row = Record<string, unknown>;
const records = (stdout: string): Row[] =>
  stdout
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Row);
/** The screen as one line of words, pane borders dropped. */
const words = (s: string) => s.replace(/[│┃╭╮╰╯┏┓┗┛━─]/g, " ").replace(/\s+/g, " ");

describe.skipIf(!HAVE_TMUX)("a harness registered only in a config file", () => {
  let session: IsolatedSession;
  let repo: string;
  /** The compiled `hmux <args>` in the test's repository. */
  const hmux = (...args: string[]) =>
    spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), ...args], {
      cwd: repo,
      env: session.env,
      encoding: "utf8",
      timeout: 60_000,
    });
  const inPane = (args: string) =>
    session.command(`${args} --cwd ${repo} 2>>${STDERR_LOG}; echo "hmux exited $?"; sleep 600`);

  const writeUserConfig = (body: Row) => {
    const dir = join(session.vars.XDG_CONFIG_HOME!, "hmux");
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dir, "config.json"), JSON.stringify({ version: 1, ...body }), { mode: 0o600 });
  };

  beforeAll(() => {
    session = isolatedSession("hmux-config-harness-", { vars: { HMUX_SERVER_IDLE_EXIT: "never" } });
    repo = join(session.home, "repo");
    mkdirSync(repo);
    const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { stdio: "ignore" });
    git("init", "-q", "-b", "main");
    writeUserConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN }, twin: { module: TWIN_PLUGIN } } });
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
  });

  afterAll(async () => {
    await session.close(stop);
    rmSync(STDERR_LOG, { force: true });
  });

  it("without the config entry the name is unknown to hmux run", () => {
    const bare = { ...session.env, XDG_CONFIG_HOME: join(session.home, "no-config") };
    const r = spawnSync(HMUX_ARGV[0]!, [...HMUX_ARGV.slice(1), "run", "mimic", "hello", "--json"], {
      cwd: repo,
      env: bare,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(2);
    expect(records(r.stdout)).toContainEqual(expect.objectContaining({ kind: "failure", issue: "unknown-harness" }));
  });

  it("hmux harnesses lists both plugin harnesses after the built-ins, none refused", () => {
    const r = hmux("harnesses", "--json");
    expect(r.status, r.stderr).toBe(0);
    const rows = records(r.stdout);
    expect(rows.slice(-2)).toEqual([
      expect.objectContaining({ harness: "mimic", status: "match", installed: "1.0.0" }),
      expect.objectContaining({ harness: "twin", status: "match", installed: "1.0.0" }),
    ]);
    expect(rows.filter((row) => row.status === "refused")).toEqual([]);
  });

  it("hmux run: one turn of mimic, its identity and reply on stdout, a clean end", () => {
    const r = hmux("run", "mimic", "hello run", "--json");
    expect(r.status, r.stderr).toBe(0);
    const events = records(r.stdout);
    expect(events[0]).toMatchObject({ kind: "identity", harness: "mimic" });
    expect(events).toContainEqual(expect.objectContaining({ kind: "message", text: "mimic heard: hello run" }));
    expect(events.at(-1)).toMatchObject({ kind: "done", cause: "clean" });
  });

  it("hmux session: a turn whose call a tool.decide command approves", async () => {
    const child: ChildProcessWithoutNullStreams = spawn(
      HMUX_ARGV[0]!,
      [...HMUX_ARGV.slice(1), "session", "mimic", "--json", "--no-journal", "--no-control-socket"],
      { cwd: repo, env: session.env },
    );
    const seen: Row[] = [];
    let buffered = "";
    const next = (match: (r: Row) => boolean) =>
      new Promise<Row>((resolve, reject) => {
        const check = () => {
          const found = seen.find(match);
          if (found) resolve(found);
          return found !== undefined;
        };
        if (check()) return;
        const onData = () => {
          if (check()) child.stdout.off("data", onData);
        };
        child.stdout.on("data", onData);
        child.once("exit", (code) => reject(new Error(`hmux session exited ${code}: ${JSON.stringify(seen)}`)));
      });
    child.stdout.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      seen.push(...records(lines.join("\n")));
    });
    child.stdin.write(`${JSON.stringify({ op: "send", id: "m1", text: "hello session" })}\n`);
    const asked = await next((r) => r.kind === "approval-request");
    const callId = (asked.call as { callId: string }).callId;
    child.stdin.write(
      `${JSON.stringify({ format: "metaharness.command/1", id: "d1", command: "tool.decide", call_id: callId, decision: { decision: "allow" } })}\n`,
    );
    await next((r) => r.kind === "done");
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once("close", resolve));
    expect(code).toBe(0);
    expect(seen[0]).toMatchObject({ kind: "session", harness: "mimic" });
    expect(seen).toContainEqual(expect.objectContaining({ kind: "message", text: "mimic is done" }));
  });

  it("hmux new: a session of mimic on the server, listed by hmux ls as waiting for its approval", () => {
    const r = hmux("new", "mimic", "--name", "from-new", "--prompt", "hello new", "--json");
    expect(r.status, r.stderr).toBe(0);
    expect(records(r.stdout)[0]).toMatchObject({ name: "from-new", harness: "mimic" });
    const end = Date.now() + 30_000;
    let listed: Row | undefined;
    while (Date.now() < end) {
      const ls = hmux("ls", "--json");
      listed = records(ls.stdout).find((row) => row.name === "from-new");
      if (listed && listed.lifecycle === "awaiting-approval") break;
      spawnSync("sleep", ["0.25"]);
    }
    expect(listed, JSON.stringify(listed)).toMatchObject({
      harness: "mimic",
      lifecycle: "awaiting-approval",
    });
  });

  it("a TUI pane on the server: hmux tui mimic shows its reply, and the call is approved with the key", async () => {
    tmux("new-session", "-d", "-x", "160", "-y", "48", "-s", TARGET, inPane("tui mimic"));
    await waitFor("mimic's pane", (s) => /\bmimic\b/.test(s.split("\n")[0] ?? ""), 60_000);
    await waitFor("the pane idle, taking input", (s) => /1 mimic-1 · .*○ idle/.test(s), 30_000);
    keys("hello tui", "Enter");
    await waitFor(
      "mimic's reply and its call",
      (s) => s.includes("mimic heard: hello tui") && /\bBash\b/.test(s),
      60_000,
    );
    keys("a");
    const done = await waitFor("the approved call", (s) => s.includes("mimic is done"), 60_000);
    expect(words(done)).toContain("ran: echo mimic");
    keys("C-q");
    await waitFor("the quit question", (s) => s.includes("detach"), 10_000);
    keys("Enter");
    await waitFor("the TUI gone", (s) => s.includes("hmux exited 0"), 20_000);
  }, 200_000);

  it("a local TUI pane: hmux native mimic runs mimic's own UI in the pane", async () => {
    tmux("respawn-pane", "-k", "-t", TARGET, inPane("native mimic"));
    await waitFor("mimic's prompt", (s) => s.includes("mimic>"), 60_000);
    keys("hello native", "Enter");
    await waitFor("mimic's answer", (s) => s.includes("mimic heard: hello native"), 30_000);
  }, 120_000);

  it("hmux race: mimic and twin race in their own worktrees, both finishing", () => {
    const r = hmux("race", "hello race", "mimic", "twin", "--json");
    expect(r.status, r.stderr).toBe(0);
    const rows = records(r.stdout);
    expect(rows.filter((row) => row.kind === "contestant")).toEqual([
      expect.objectContaining({ harness: "mimic", outcome: expect.objectContaining({ cause: "clean" }) }),
      expect.objectContaining({ harness: "twin", outcome: expect.objectContaining({ cause: "clean" }) }),
    ]);
    expect(rows.at(-1)).toMatchObject({ kind: "summary", contestants: ["mimic", "twin"], finished: ["mimic", "twin"] });
  }, 120_000);

  it("a broken module is refused with its file and why, and the others still run", () => {
    const broken = join(session.home, "broken-plugin.mjs");
    writeFileSync(broken, 'export default () => { throw new Error("no CLI on this machine"); };\n');
    writeUserConfig({ harnesses: { mimic: { module: MIMIC_PLUGIN }, broken: { module: broken } } });
    const r = hmux("harnesses", "--json");
    expect(r.status, r.stderr).toBe(0);
    expect(records(r.stdout)).toContainEqual({
      harness: "broken",
      status: "refused",
      file: broken,
      reason: "its factory threw: no CLI on this machine",
    });
    const run = hmux("run", "mimic", "still here", "--json");
    expect(run.status, run.stderr).toBe(0);
    expect(records(run.stdout)).toContainEqual(expect.objectContaining({ text: "mimic heard: still here" }));
    // A server started on this config says so in its log, and still runs mimic.
    expect(hmux("kill-server").status).toBe(0);
    const started = hmux("new", "mimic", "--name", "after-refusal", "--prompt", "hello again");
    expect(started.status, started.stderr).toBe(0);
    expect(readFileSync(serverPaths(session.env).log, "utf8")).toContain(
      `hmux server: harness broken (${broken}) not registered: its factory threw: no CLI on this machine`,
    );
  });
});
