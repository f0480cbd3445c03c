/**
 * A race of sessions, decided in one place (src/race/session-races.ts), on real git: stand-in
 * contestants open their worktrees as the server's launcher does and say their events through
 * the race's listener, a clock the test moves times the turns, and the race refuses, scores,
 * records, picks and discards as `hmux race` would — ending the contestants' sessions first.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { JournaledEvent } from "../../../src/race/journaled-turn.js";
import { CUT_TURN_MESSAGE } from "../../../src/race/journaled-turn.js";
import { RaceStore } from "../../../src/race/record.js";
import {
  type ContestantRequest,
  discardText,
  pickText,
  type SessionRacePorts,
  SessionRaces,
} from "../../../src/race/session-races.js";
import { openWorkspace, releaseWorkspace, type WorkspaceLease } from "../../../src/workspace/lease.js";
import { FakeClock } from "../exec/fakes.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

const done: SessionEvent = { kind: "done", exitCode: 0, cause: "clean" };

interface Contestant {
  readonly request: ContestantRequest<undefined>;
  readonly lease: WorkspaceLease;
  say(...events: SessionEvent[]): void;
  halted: boolean;
}

/** What each contestant's session said, by session: its journal, which outlives the process that raced it. */
type Journals = Map<string, JournaledEvent[]>;

/**
 * Races over the fixture's repository; `work` is what each harness writes into its worktree,
 * `refuse` the harnesses that cannot open, `journals` the sessions' journals (shared by a
 * "restarted" racing over the same fixture).
 */
function racing(
  work: Record<string, Record<string, string>>,
  refuse: readonly string[] = [],
  journals: Journals = new Map(),
) {
  const clock = new FakeClock();
  clock.advance(1_000_000);
  const workspace = { ...fx.ports(), clock };
  // The contestants' sessions hold their worktrees: a pick or discard must end them first.
  fx.livePids.add(workspace.pid);
  const contestants = new Map<string, Contestant>();
  const ports: SessionRacePorts<undefined> = {
    workspace,
    store: new RaceStore(fx.env),
    checkEnv: { PATH: fx.env.PATH! },
    checkTimeoutMs: 30_000,
    journaled: (session) => journals.get(session) ?? null,
    async open(request, onEvent) {
      if (refuse.includes(request.harness)) throw new Error(`unknown harness ${request.harness}`);
      const lease = await openWorkspace(workspace, fx.request({ flag: request.worktree, harness: request.harness }));
      const journal: JournaledEvent[] = [];
      journals.set(`session-${request.harness}`, journal);
      const emit = (event: SessionEvent) => {
        journal.push({ event, at: clock.now() });
        onEvent(event, clock.now());
      };
      for (const [path, text] of Object.entries(work[request.harness] ?? {}))
        writeFileSync(join(lease!.entry.path, path), text);
      const c: Contestant = {
        request,
        lease: lease!,
        say: (...events) => {
          for (const e of events) emit(e);
        },
        halted: false,
      };
      contestants.set(request.harness, c);
      emit({ kind: "state", from: "starting", to: "running" });
      return {
        session: `session-${request.harness}`,
        workspace: lease!.entry.name,
        planDivergences: request.harness === "b" ? [{ key: "memory", value: false, reason: "b cannot" }] : [],
        async halt() {
          c.halted = true;
          releaseWorkspace(workspace, lease!);
        },
      };
    },
  };
  const races = new SessionRaces(ports);
  // Every start in these tests is over the fixture's repository, with no opener settings.
  const start = (r: Omit<Parameters<typeof races.start>[0], "options">) => races.start({ ...r, options: undefined });
  return { races, start, contestants, clock, store: ports.store, journals };
}

describe("a race of sessions: before anything opens", () => {
  it("refuses fewer than two harnesses, a harness twice, a folder outside a repository and an unknown base, opening nothing", async () => {
    fx = new GitFixture();
    const { start, contestants } = racing({});
    const base = { cwd: fx.repo, prompt: "p", check: null };
    await expect(start({ ...base, harnesses: ["a"] })).rejects.toThrow(/at least 2 harnesses, got only a/);
    await expect(start({ ...base, harnesses: ["a", "a"] })).rejects.toThrow(/a is named more than once/);
    await expect(start({ ...base, harnesses: ["a", "b"], base: "nope" })).rejects.toThrow(/--base nope/);
    await expect(start({ ...base, cwd: fx.env.HOME!, harnesses: ["a", "b"] })).rejects.toThrow(/git/);
    expect(contestants.size).toBe(0);
  });

  it("a contestant that cannot open is told apart with why, and the others race on in their own worktrees", async () => {
    fx = new GitFixture();
    const { start, store } = racing({}, ["nope"]);
    const started = await start({
      cwd: fx.repo,
      harnesses: ["a", "nope", "b"],
      prompt: "p",
      check: null,
      name: "r1",
    });
    expect(started.contestants).toEqual([
      { harness: "a", session: "session-a", workspace: "r1-a" },
      { harness: "nope", failed: "unknown harness nope" },
      { harness: "b", session: "session-b", workspace: "r1-b" },
    ]);
    expect(store.read("r1").contestants.map((c) => c.branch)).toEqual(["hmux/r1-a", "hmux/r1-b"]);
  });

  it("a taken name is suffixed and said, as a workspace name is", async () => {
    fx = new GitFixture();
    const { start } = racing({});
    await start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "same" });
    const again = await start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "same" });
    expect(again.race).toBe("same-2");
    expect(again.notes).toEqual(["race: the name same is taken; using same-2"]);
  });
});

describe("a race of sessions: scoring", () => {
  it("is refused while a first turn runs, and done by the race itself once every one has ended", async () => {
    fx = new GitFixture();
    const { races, start, contestants, clock, store } = racing({
      a: { "x.txt": "a\n" },
      b: { "x.txt": "b\n", "y.txt": "y\n" },
    });
    await start({
      cwd: fx.repo,
      harnesses: ["a", "b"],
      prompt: "do it",
      check: "test -e x.txt && ! test -e y.txt",
      name: "t1",
    });
    const a = contestants.get("a")!;
    const b = contestants.get("b")!;
    clock.advance(2_000);
    a.say({ kind: "usage", inputTokens: 10, outputTokens: 2 });
    // a waits 5 s for a person's decision: shown apart, not in its wall time.
    a.say({
      kind: "approval-request",
      call: { callId: "c1", tool: "Bash", input: {}, openedAt: clock.now(), deadlineAt: null },
    });
    clock.advance(5_000);
    a.say({ kind: "approval-cleared", callId: "c1", reason: "native-resolved" });
    clock.advance(1_000);
    a.say(done);
    await expect(races.score("t1")).rejects.toMatchObject({
      code: "race-running",
      message: /b has not ended its first turn/,
    });
    clock.advance(500);
    b.say(done);
    const card = await races.score("t1");
    const [ca, cb] = card.contestants;
    expect([ca?.wallMs, cb?.wallMs]).toEqual([3_000, 8_500]);
    expect(ca?.personWaitMs).toBe(5_000);
    expect(ca?.tokens).toMatchObject({ input: 10, output: 2 });
    expect(ca?.approvals).toMatchObject({ asked: 1 });
    expect([ca?.check?.exitCode, cb?.check?.exitCode]).toEqual([0, 1]);
    expect(cb?.uniqueFiles).toEqual(["y.txt"]);
    expect(cb?.divergences).toEqual([{ key: "memory", asked: "false", when: "plan", reason: "b cannot" }]);
    expect(card.summary.passed).toEqual(["a"]);
    // Recorded as hmux race records it: hmux race pick finds it.
    expect(store.read("t1").scorecard?.summary.passed).toEqual(["a"]);
    // Events after a contestant's first turn are not its race.
    a.say({ kind: "usage", inputTokens: 1_000 }, done);
    expect((await races.score("t1")).contestants[0]?.tokens).toMatchObject({ input: 10 });
  });

  it("a person approving slowly does not change the ranking by the contestants' own time", async () => {
    fx = new GitFixture();
    const fastest = async (name: string, personTakesMs: number) => {
      const { races, start, contestants, clock } = racing({ a: { "x.txt": "a\n" }, b: { "y.txt": "b\n" } });
      await start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name });
      const a = contestants.get("a")!;
      const b = contestants.get("b")!;
      // a works 1 s, asks, a person answers after `personTakesMs`, a works 2 s more: 3 s of its own.
      // b works 6 s and asks nobody. The clock runs through both timelines in order.
      const timeline: Array<[number, () => void]> = [
        [
          1_000,
          () =>
            a.say({
              kind: "approval-request",
              call: { callId: "c1", tool: "Bash", input: {}, openedAt: clock.now(), deadlineAt: null },
            }),
        ],
        [
          1_000 + personTakesMs,
          () =>
            a.say({
              kind: "approval-disposition",
              callId: "c1",
              decision: { decision: "allow" },
              decider: "person",
              status: "sent",
            } as SessionEvent),
        ],
        [3_000 + personTakesMs, () => a.say(done)],
        [6_000, () => b.say(done)],
      ];
      const startedAt = clock.now();
      for (const [at, step] of timeline.sort((x, y) => x[0] - y[0])) {
        clock.advance(startedAt + at - clock.now());
        step();
      }
      return races.score(name);
    };
    const quick = await fastest("quick", 100);
    const slow = await fastest("slow", 60_000);
    for (const card of [quick, slow]) {
      expect(card.summary.fastest).toEqual(["a"]);
      expect(card.contestants.map((c) => c.wallMs)).toEqual([3_000, 6_000]);
    }
    expect(slow.contestants[0]?.personWaitMs).toBe(60_000);
    expect(quick.contestants[0]?.personWaitMs).toBe(100);
  });

  it("says which files more than one contestant changed, and whether each pair's answers would merge (git merge-tree)", async () => {
    fx = new GitFixture();
    const { races, start, contestants } = racing({
      a: { "x.txt": "from a\n" },
      b: { "x.txt": "from b\n", "y.txt": "y\n" },
      c: { "z.txt": "z\n" },
    });
    await start({ cwd: fx.repo, harnesses: ["a", "b", "c"], prompt: "p", check: null, name: "ov" });
    for (const c of contestants.values()) c.say(done);
    const { summary } = await races.score("ov");
    expect(summary.overlap?.files).toEqual([{ path: "x.txt", contestants: ["a", "b"] }]);
    expect(summary.overlap?.merges).toEqual([
      { contestants: ["a", "b"], clean: false, conflicts: ["x.txt"] },
      { contestants: ["a", "c"], clean: true, conflicts: [] },
      { contestants: ["b", "c"], clean: true, conflicts: [] },
    ]);
    expect(summary.warnings).toContain("a's and b's answers would not merge cleanly: x.txt");
    // Scored without touching a worktree, an index or a branch: nothing is committed anywhere.
    for (const c of contestants.values()) expect(fx.git(c.lease.entry.path, "status", "--porcelain")).not.toBe("");
    expect(fx.git(fx.repo, "branch", "--list", "hmux/ov-a", "--format=%(objectname)")).toBe(
      fx.git(fx.repo, "rev-parse", "main"),
    );
  });

  it("a race this process does not hold is read from its record; one never recorded is no-such-race", async () => {
    fx = new GitFixture();
    const first = racing({ a: { "x.txt": "a\n" } });
    await first.start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "kept" });
    for (const c of first.contestants.values()) c.say(done);
    const card = await first.races.score("kept");
    const later = racing({});
    expect(await later.races.score("kept")).toEqual(card);
    await expect(later.races.score("never")).rejects.toMatchObject({ code: "no-such-race" });
    await expect(later.races.pick("never", "a")).rejects.toMatchObject({ code: "no-such-race" });
  });
});

describe("a race of sessions: after the server that ran it stopped", () => {
  it("a race whose scoring its server's stop cut short is scored after a restart from its record and journals, as it would have been", async () => {
    fx = new GitFixture();
    const first = racing({ a: { "x.txt": "a\n" }, b: { "x.txt": "b\n", "y.txt": "y\n" } });
    await first.start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: "test -e x.txt", name: "late" });
    const a = first.contestants.get("a")!;
    const b = first.contestants.get("b")!;
    first.clock.advance(2_000);
    a.say({ kind: "usage", inputTokens: 10, outputTokens: 2 }, done);
    first.clock.advance(3_000);
    b.say({ kind: "usage", inputTokens: 20, outputTokens: 4 }, done);
    const live = await first.races.score("late");
    // The server died before the scorecard reached the record: the record is as the race left it.
    const { scorecard: _card, ...unscored } = first.store.read("late");
    first.store.write(unscored);
    const restarted = racing({}, [], first.journals);
    const again = await restarted.races.score("late");
    expect(again).toEqual(live);
    expect(restarted.store.read("late").scorecard?.summary).toEqual(live.summary);
  });

  it("a race cut mid-turn is scored after a restart, each cut turn said so, and its winner picked", async () => {
    fx = new GitFixture();
    const first = racing({ a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } });
    await first.start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "cut" });
    first.clock.advance(4_000);
    first.contestants.get("a")!.say({ kind: "usage", inputTokens: 7, outputTokens: 1 }, done);
    first.clock.advance(1_000);
    first.contestants.get("b")!.say({ kind: "usage", inputTokens: 3 });
    // The first server dies here, b mid-turn; a restarted one holds the record and the sessions' journals.
    const restarted = racing({}, [], first.journals);
    const card = await restarted.races.score("cut");
    const [ca, cb] = card.contestants;
    expect(ca).toMatchObject({ harness: "a", outcome: { cause: "clean" }, wallMs: 4_000, tokens: { input: 7 } });
    expect(cb).toMatchObject({
      harness: "b",
      outcome: { cause: "crash", failure: { message: CUT_TURN_MESSAGE } },
      wallMs: 5_000,
      tokens: { input: 3 },
    });
    expect(card.summary.finished).toEqual(["a"]);
    expect(card.summary.warnings).toContain(`b did not finish its turn (crash: ${CUT_TURN_MESSAGE})`);
    expect(restarted.store.read("cut").scorecard?.summary.finished).toEqual(["a"]);
    // The dead server's holds on the worktrees went with it.
    for (const c of first.contestants.values()) releaseWorkspace(fx.ports(), c.lease);
    await restarted.races.pick("cut", "a");
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("a\n");
  });

  it("a contestant with no journal or no worktree left is refused as race-failed, naming it, with the ways out", async () => {
    fx = new GitFixture();
    const first = racing({});
    await first.start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "lost" });
    const restarted = racing({});
    await expect(restarted.races.score("lost")).rejects.toMatchObject({
      code: "race-failed",
      message: "race lost cannot be scored: a's session left no journal, so nothing says how its first turn went",
      hint: expect.stringMatching(/hmux race pick lost <harness>.*hmux race discard lost/),
    });
  });
});

describe("a race of sessions: ending it", () => {
  it("pick ends every contestant's session before merging the winner, and a second pick or a discard is too late", async () => {
    fx = new GitFixture();
    const { races, start, contestants } = racing({ a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } });
    await start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "t2" });
    await expect(races.pick("t2", "a")).rejects.toMatchObject({ code: "race-running" });
    expect([...contestants.values()].some((c) => c.halted)).toBe(false);
    for (const c of contestants.values()) c.say(done);
    await races.score("t2");
    await expect(races.pick("t2", "zed")).rejects.toMatchObject({
      code: "no-such-race",
      hint: "its contestants: a, b",
    });
    const picked = await races.pick("t2", "a");
    expect([...contestants.values()].every((c) => c.halted)).toBe(true);
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("a\n");
    expect(pickText("t2", picked)).toMatch(/^race t2: merged hmux\/t2-a into main .*their answers stay on hmux\/t2-b/);
    expect(existsSync(contestants.get("b")!.lease.entry.path)).toBe(false);
    await expect(races.pick("t2", "a")).rejects.toMatchObject({
      code: "too-late",
      message: "race t2 was already picked",
    });
    await expect(races.discard("t2")).rejects.toMatchObject({ code: "too-late" });
  });

  it("discard while the turns still run ends the sessions and removes every clean worktree", async () => {
    fx = new GitFixture();
    const { races, start, contestants, store } = racing({});
    await start({ cwd: fx.repo, harnesses: ["a", "b"], prompt: "p", check: null, name: "t3" });
    const cleanup = await races.discard("t3");
    expect([...contestants.values()].every((c) => c.halted)).toBe(true);
    expect(discardText("t3", cleanup)).toBe("race t3 discarded: removed t3-a, t3-b");
    for (const c of contestants.values()) expect(existsSync(c.lease.entry.path)).toBe(false);
    expect(store.exists("t3")).toBe(false);
    await expect(races.discard("t3")).rejects.toMatchObject({ code: "too-late" });
  });
});
