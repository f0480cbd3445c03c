/**
 * The server's race ops over the real socket, on real git: race.start opens every contestant's
 * session in its own worktree (the server sends the prompt), race.score says the scorecard once
 * every first turn ended, race.pick and race.discard end the contestants' sessions first — each
 * refused with a typed code at the wrong point of the race. A client on another machine (through
 * the ssh relay, `--host`) races the same way with none of the worktrees on its side.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Duplex, PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { VERSION } from "../../../src/cli/main.js";
import { ServerClient } from "../../../src/server/client.js";
import { connectServerSocket, duplexTransport } from "../../../src/server/transport.js";
import { relayStdio } from "../../../src/server/transport-relay.js";
import { ServerPanes } from "../../../src/tui-client/server-panes.js";
import { serverRacePort } from "../../../src/tui-client/server-race-port.js";
import { FakeClock } from "../../helpers/fake-clock.js";
import { runHmux } from "../../helpers/hmux-in-process.js";
import { until } from "../../helpers/until.js";
import { GitFixture } from "../workspace/git-fixture.js";
import { worktreeTable } from "./race-fixture.js";
import { type Cleanups, serveFresh, TEST_VERSION } from "./serve-fixture.js";

/** The client side's clock: its timers only bound waits these tests never reach, so it never moves. */
const clientClock = new FakeClock();

const cleanups: Cleanups = [];
let fx: GitFixture;
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
  fx?.cleanup();
});

/** `version`: the hmux command's own when a test runs the command against this server. */
async function serve(work: Record<string, Record<string, string>>, refuse: readonly string[] = [], version?: string) {
  fx = new GitFixture();
  const { table, races, sessions } = worktreeTable(fx, work, refuse);
  const served = await serveFresh(table, cleanups, {
    prefix: "hmux-race-ops-",
    races: async () => races,
    ...(version !== undefined ? { version } : {}),
  });
  return { ...served, table, sessions };
}

const start = (over: Record<string, unknown> = {}) => ({
  op: "race.start" as const,
  cwd: fx.repo,
  harnesses: ["claude", "pi"],
  prompt: "fix slug",
  check: "test -e x.txt",
  name: "r1",
  ...over,
});

describe("race.start", () => {
  it("opens each contestant's session in its own worktree with the prompt, and says who could not open", async () => {
    const s = await serve({}, ["codex"]);
    const client = await s.client();
    const reply = await client.request(start({ harnesses: ["claude", "codex", "pi"] }));
    expect(reply.race).toBe("r1");
    expect(reply.contestants).toMatchObject([
      { harness: "claude", session: { harness: "claude", workspace: { name: "r1-claude", branch: "hmux/r1-claude" } } },
      { harness: "codex", failed: expect.stringContaining("unknown harness codex") },
      { harness: "pi", session: { workspace: { name: "r1-pi" } } },
    ]);
    expect(s.sessions.get("claude")?.prompts).toEqual(["fix slug"]);
    expect((await client.list()).map((r) => r.workspace?.name)).toEqual(["r1-claude", "r1-pi"]);
  });

  it("refuses a race that cannot stand before any session opens: one harness, outside a repository", async () => {
    const s = await serve({});
    const client = await s.client();
    await expect(client.request(start({ harnesses: ["claude"] }))).rejects.toMatchObject({
      code: "race-refused",
      message: expect.stringContaining("at least 2 harnesses"),
    });
    await expect(client.request(start({ cwd: fx.env.HOME }))).rejects.toMatchObject({ code: "race-refused" });
    expect(await client.list()).toEqual([]);
  });
});

describe("race.score, race.pick, race.discard", () => {
  it("score is race-running until every first turn ended, then the server's own scorecard, recorded", async () => {
    const s = await serve({ claude: { "x.txt": "c\n" }, pi: { "y.txt": "p\n" } });
    const client = await s.client();
    await client.request(start());
    await expect(client.request({ op: "race.score", race: "r1" })).rejects.toMatchObject({ code: "race-running" });
    s.sessions.get("claude")!.finish(10);
    s.sessions.get("pi")!.finish(20);
    const { scorecard } = (await client.request({ op: "race.score", race: "r1" })) as {
      scorecard: {
        summary: { passed: string[] };
        contestants: { tokens: { input: number }; divergences: unknown[] }[];
      };
    };
    expect(scorecard.summary.passed).toEqual(["claude"]);
    expect(scorecard.contestants.map((c) => c.tokens.input)).toEqual([10, 20]);
    expect(scorecard.contestants[1]?.divergences).toEqual([
      { key: "memory", asked: "false", when: "plan", reason: "pi cannot" },
    ]);
    const record = JSON.parse(readFileSync(join(fx.env.XDG_STATE_HOME!, "hmux", "races", "r1.json"), "utf8"));
    expect(record.scorecard.summary.passed).toEqual(["claude"]);
    await expect(client.request({ op: "race.score", race: "nope" })).rejects.toMatchObject({ code: "no-such-race" });
  });

  it("pick ends the contestants' sessions, merges the winner, and a second pick or a discard is too-late", async () => {
    const s = await serve({ claude: { "x.txt": "c\n" }, pi: { "x.txt": "p\n" } });
    const client = await s.client();
    await client.request(start());
    await expect(client.request({ op: "race.pick", race: "r1", harness: "claude" })).rejects.toMatchObject({
      code: "race-running",
    });
    for (const session of s.sessions.values()) session.finish();
    await client.request({ op: "race.score", race: "r1" });
    const picked = await client.request({ op: "race.pick", race: "r1", harness: "claude" });
    expect(picked.text).toMatch(/^race r1: merged hmux\/r1-claude into main/);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("c\n");
    // Ended, not forgotten: the rows stay, closed, so the panes keep their transcripts.
    expect((await client.list()).map((r) => r.lifecycle)).toEqual(["closed", "closed"]);
    await expect(client.request({ op: "race.pick", race: "r1", harness: "claude" })).rejects.toMatchObject({
      code: "too-late",
    });
    await expect(client.request({ op: "race.discard", race: "r1" })).rejects.toMatchObject({ code: "too-late" });
  });

  it("discard while the turns run ends the sessions and removes their worktrees", async () => {
    const s = await serve({});
    const client = await s.client();
    const reply = await client.request(start());
    const paths = (reply.contestants as { session: { workspace: { path: string } } }[]).map(
      (c) => c.session.workspace.path,
    );
    const discarded = await client.request({ op: "race.discard", race: "r1" });
    expect(discarded.text).toBe("race r1 discarded: removed r1-claude, r1-pi");
    for (const p of paths) expect(existsSync(p)).toBe(false);
    expect((await client.list()).every((r) => r.lifecycle === "closed")).toBe(true);
  });
});

describe("hmux race pick and discard of a race a running server holds", () => {
  it("ask that server, which ends the contestants' sessions before it merges the winner", async () => {
    const s = await serve({ claude: { "x.txt": "c\n" }, pi: { "x.txt": "p\n" } }, [], VERSION);
    const client = await s.client();
    await client.request(start({ check: null }));
    for (const session of s.sessions.values()) session.finish();
    await client.request({ op: "race.score", race: "r1" });
    const env = { ...fx.env, XDG_RUNTIME_DIR: s.dir };
    const r = await runHmux(["race", "pick", "r1", "claude", "--no-ff"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^race r1: merged hmux\/r1-claude into main \(merge-commit\)/);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("c\n");
    expect((await client.list()).map((row) => row.lifecycle)).toEqual(["closed", "closed"]);
    // The server knows it was picked: a second pick there is too late.
    const again = await runHmux(["race", "pick", "r1", "claude"], { env });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain("race r1 was already picked");
  });

  it("discard asks it too: the sessions end and every worktree goes", async () => {
    const s = await serve({}, [], VERSION);
    const client = await s.client();
    await client.request(start({ name: "r2" }));
    const r = await runHmux(["race", "discard", "r2"], { env: { ...fx.env, XDG_RUNTIME_DIR: s.dir } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("race r2 discarded: removed r2-claude, r2-pi");
    expect((await client.list()).every((row) => row.lifecycle === "closed")).toBe(true);
  });
});

describe("a race from a client on another machine (--host)", () => {
  it("runs through the relay with no worktree on the client's side: started, its panes attached, scored, picked", async () => {
    const s = await serve({ claude: { "x.txt": "c\n" }, pi: { "x.txt": "p\n" } });
    const toRelay = new PassThrough();
    const fromRelay = new PassThrough();
    relayStdio({
      input: toRelay,
      output: fromRelay,
      connect: () => connectServerSocket(s.paths, clientClock),
      readToken: () => readFileSync(s.paths.token, "utf8").trim(),
    });
    const remote = await ServerClient.open(
      duplexTransport(Duplex.from({ readable: fromRelay, writable: toRelay }), "box", clientClock),
      { token: null, version: TEST_VERSION, clock: clientClock },
    );
    cleanups.push(() => remote.close());
    // As a --host TUI builds it: no workspace ports (the worktrees are the other machine's), its cwd there.
    const panes = new ServerPanes({
      now: Date.now,
      link: remote,
      cwd: fx.repo,
      host: "box",
    });
    const race = serverRacePort(remote, panes);
    const started = await race.start({ name: "far", prompt: "fix slug", harnesses: ["claude", "pi"], check: null });
    expect(started.race).toBe("far");
    const ports = started.contestants.map((c) => ("port" in c ? c.port : null));
    expect(ports.every((p) => p !== null)).toBe(true);
    const seen: string[] = [];
    for (const p of ports) {
      p!.subscribe((e) => seen.push(e.kind));
      await p!.start?.();
    }
    expect(ports.map((p) => p!.info.label)).toEqual(["box:claude-1", "box:pi-1"]);
    for (const session of s.sessions.values()) session.finish();
    await until(() => seen.filter((k) => k === "done").length === 2);
    const card = await race.score("far");
    expect(card.contestants.map((c) => c.harness)).toEqual(["claude", "pi"]);
    expect(await race.pick("far", "pi")).toMatch(/^race far: merged hmux\/far-pi into main/);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("p\n");
    for (const p of ports) await p!.close();
  });
});
