/**
 * The race runner and pick/discard on real git in a temp repository, with stand-in contestants:
 * each "harness" here writes files into its worktree and reports events, as a real turn would.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { systemBlockingClock } from "../../../src/main/system-clock.js";
import { discardRace, pickWinner } from "../../../src/race/pick.js";
import { RaceStore } from "../../../src/race/record.js";
import { type PlannedContestant, type RacePorts, type RaceRequest, runRace } from "../../../src/race/runner.js";
import type { WorkspaceError } from "../../../src/workspace/errors.js";
import { abandonWorkspace, openWorkspace, releaseWorkspace } from "../../../src/workspace/lease.js";
import { WorkspaceRegistry } from "../../../src/workspace/registry.js";
import { GitFixture } from "../workspace/git-fixture.js";

let fx: GitFixture;
afterEach(() => fx?.cleanup());

type Work = Record<string, Record<string, string>>;

function racePorts(work: Work, refuse: readonly string[] = []): RacePorts {
  return {
    workspace: fx.ports(),
    store: new RaceStore(fx.env),
    checkEnv: fx.env,
    // As src/launch does: the worktree opened under a session id, then the plan, which may refuse.
    launch: async (harness, place): Promise<PlannedContestant> => {
      const ports = fx.ports();
      const lease = await openWorkspace(ports, {
        ...fx.request(),
        flag: place.worktree,
        ...(place.base !== undefined ? { base: place.base } : {}),
        harness,
        sessionId: randomUUID(),
      });
      if (!lease) throw new Error("no worktree");
      if (refuse.includes(harness)) {
        await abandonWorkspace(ports, lease);
        throw new RefusalError(`${harness} refuses`, { issue: "unsupported-option", option: "x" });
      }
      return {
        lease,
        divergences: [],
        async *run(): AsyncIterable<SessionEvent> {
          for (const [path, text] of Object.entries(work[harness] ?? {})) {
            yield { kind: "tool", phase: "call", callId: path, name: "write" };
            writeFileSync(join(lease.entry.path, path), text);
          }
          yield { kind: "usage", inputTokens: 10, outputTokens: 2 };
          yield { kind: "done", exitCode: 0, cause: "clean" };
        },
        release: () => releaseWorkspace(ports, lease),
        abandon: () => abandonWorkspace(ports, lease),
      };
    },
  };
}

function request(over: Partial<RaceRequest> = {}): RaceRequest {
  return {
    cwd: fx.repo,
    harnesses: ["a", "b"],
    prompt: "do it",
    name: "r1",
    check: null,
    checkTimeoutMs: 30_000,
    settings: {},
    ...over,
  };
}

const branches = () =>
  fx
    .git(fx.repo, "branch", "--list", "--format=%(refname:short)")
    .split("\n")
    .filter((b) => b !== "")
    .sort();

async function refusal(promise: Promise<unknown>): Promise<WorkspaceError | RefusalError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RefusalError);
  return err as RefusalError;
}

describe("hmux race's runner", () => {
  it("--review: the reviewer reads each changed contestant's diff in its worktree, and a refused review says why", async () => {
    fx = new GitFixture();
    const seen: Array<{ reviewer: string; cwd: string; prompt: string }> = [];
    const ports: RacePorts = {
      ...racePorts({ a: { "x.txt": "from a\n" }, c: { "z.txt": "z\n" } }),
      review: async (reviewer, at) => {
        seen.push({ reviewer, ...at });
        if (at.cwd.endsWith("r1-c")) throw new Error("c's reviewer cannot run read-only");
        return {
          async *run(): AsyncIterable<SessionEvent> {
            yield { kind: "message", role: "assistant", text: "Does what was asked." };
            yield { kind: "done", exitCode: 0, cause: "clean" };
          },
          release: () => undefined,
        };
      },
    };
    const { scorecard } = await runRace(ports, request({ harnesses: ["a", "b", "c"], review: "pi" }));
    const [a, b, c] = scorecard.contestants;
    expect(a!.review).toEqual({ reviewer: "pi", verdict: "Does what was asked.", outcome: "clean" });
    // b changed nothing: there is nothing to review.
    expect(b!.review).toBeUndefined();
    expect(c!.review).toMatchObject({ reviewer: "pi", verdict: null, error: "c's reviewer cannot run read-only" });
    expect(seen.map((s) => [s.reviewer, s.cwd])).toEqual([
      ["pi", a!.path],
      ["pi", c!.path],
    ]);
    expect(seen[0]!.prompt).toContain("do it");
    expect(seen[0]!.prompt).toContain("+from a");
  });

  it("runs each contestant in its own worktree from the same base and scores what git sees there", async () => {
    fx = new GitFixture();
    const work = { a: { "x.txt": "a\n" }, b: { "x.txt": "b\nb\n", "y.txt": "y\n" } };
    const { scorecard, record } = await runRace(
      racePorts(work),
      request({ check: "test -e x.txt && ! test -e y.txt" }),
    );
    expect(branches()).toEqual(["hmux/r1-a", "hmux/r1-b", "main"]);
    const [a, b] = scorecard.contestants;
    expect(readFileSync(join(a!.path, "x.txt"), "utf8")).toBe("a\n");
    expect(fx.git(a!.path, "rev-parse", "HEAD")).toBe(fx.git(b!.path, "rev-parse", "HEAD"));
    expect(a!.files).toEqual([{ path: "x.txt", added: 1, removed: 0 }]);
    expect(b!.lines).toEqual({ added: 3, removed: 0 });
    expect(a!.sharedFiles).toEqual(["x.txt"]);
    expect(b!.uniqueFiles).toEqual(["y.txt"]);
    expect([a!.check?.exitCode, b!.check?.exitCode]).toEqual([0, 1]);
    expect(scorecard.summary.passed).toEqual(["a"]);
    expect(a!.tokens.input).toBe(10);
    expect(a!.toolCalls).toBe(1);
    expect(new RaceStore(fx.env).read("r1").scorecard?.summary.passed).toEqual(["a"]);
    expect(record.contestants.map((c) => c.branch)).toEqual(["hmux/r1-a", "hmux/r1-b"]);
  });

  it("stops a check that hangs at its timeout and says so", async () => {
    fx = new GitFixture();
    const started = Date.now();
    const { scorecard } = await runRace(racePorts({}), request({ check: "sleep 30", checkTimeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const c of scorecard.contestants)
      expect(c.check).toMatchObject({ timedOut: true, exitCode: null, passed: false });
    expect(scorecard.summary.warnings).toContain("a's check ran past its timeout and was stopped");
  });

  it("says the base had uncommitted changes that the worktrees do not have", async () => {
    fx = new GitFixture();
    fx.write("README.md", "changed, not committed\n");
    const { scorecard } = await runRace(racePorts({}), request());
    expect(scorecard.summary.baseDirty).toEqual([" M README.md"]);
    expect(readFileSync(join(scorecard.contestants[0]!.path, "README.md"), "utf8")).toBe("hello\n");
    expect(scorecard.summary.warnings[0]).toMatch(/had 1 uncommitted change\(s\) that no worktree has .*: README\.md$/);
  });

  it("suffixes a contestant whose branch name exists and leaves that branch alone", async () => {
    fx = new GitFixture();
    fx.git(fx.repo, "branch", "hmux/r1-a");
    const theirs = fx.git(fx.repo, "rev-parse", "hmux/r1-a");
    const { scorecard } = await runRace(racePorts({ a: { "n.txt": "n\n" } }), request());
    expect(scorecard.contestants[0]!.branch).toBe("hmux/r1-a-2");
    expect(fx.git(fx.repo, "rev-parse", "hmux/r1-a")).toBe(theirs);
  });

  it("refuses outside a git repository, naming the folder", async () => {
    fx = new GitFixture();
    const err = await refusal(runRace(racePorts({}), request({ cwd: fx.env.HOME! })));
    expect(err.issue).toBe("not-a-git-repository");
    expect(err.message).toContain(fx.env.HOME!);
  });

  it("refuses a base that does not exist, before any worktree is made", async () => {
    fx = new GitFixture();
    const err = await refusal(runRace(racePorts({}), request({ base: "no-such-branch" })));
    expect(err.issue).toBe("unknown-base");
    expect(branches()).toEqual(["main"]);
  });

  it("refuses fewer than two harnesses, and one named twice", async () => {
    fx = new GitFixture();
    expect((await refusal(runRace(racePorts({}), request({ harnesses: ["a"] })))).message).toBe(
      "a race needs at least 2 harnesses, got only a",
    );
    expect((await refusal(runRace(racePorts({}), request({ harnesses: ["a", "b", "a"] })))).message).toMatch(
      /^a is named more than once/,
    );
  });

  it("removes the worktrees it made when one contestant's plan is refused", async () => {
    fx = new GitFixture();
    await refusal(runRace(racePorts({}, ["b"]), request()));
    expect(branches()).toEqual(["main"]);
    expect(new WorkspaceRegistry(fx.env, systemBlockingClock).list()).toEqual([]);
    expect(new RaceStore(fx.env).list()).toEqual([]);
  });
});

describe("picking and discarding", () => {
  it("pick commits the winner's work, fast-forwards the base, and removes the others' worktrees with their answers kept on their branches", async () => {
    fx = new GitFixture();
    const work = { a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } };
    const { scorecard } = await runRace(racePorts(work), request());
    const first = await pickWinner(racePorts(work), "r1", "a");
    expect(first.merge.how).toBe("fast-forward");
    expect(fx.git(fx.repo, "show", "main:x.txt")).toBe("a\n");
    expect(readFileSync(join(fx.repo, "x.txt"), "utf8")).toBe("a\n");
    expect(first.kept).toEqual([]);
    expect(first.removed).toEqual(["r1-b"]);
    expect(first.branchesKept).toEqual(["hmux/r1-b"]);
    expect(existsSync(scorecard.contestants[1]!.path)).toBe(false);
    expect(fx.git(fx.repo, "show", "hmux/r1-b:x.txt")).toBe("b\n");
    expect(new RaceStore(fx.env).read("r1").picked).toBe("a");
  });

  it("a forced pick deletes the losers' branches too", async () => {
    fx = new GitFixture();
    const work = { a: { "x.txt": "a\n" }, b: { "x.txt": "b\n" } };
    await runRace(racePorts(work), request());
    const forced = await pickWinner(racePorts(work), "r1", "a", { force: true });
    expect(forced.removed).toEqual(["r1-b"]);
    expect(forced.branchesKept).toEqual([]);
    expect(branches()).toEqual(["hmux/r1-a", "main"]);
  });

  it("a pick whose merge conflicts names the files and removes nothing", async () => {
    fx = new GitFixture();
    const work = { a: { "README.md": "a's\n" }, b: { "z.txt": "z\n" } };
    const { scorecard } = await runRace(racePorts(work), request());
    fx.write("README.md", "main moved on\n");
    fx.commit("meanwhile");
    const err = await refusal(pickWinner(racePorts(work), "r1", "a", { force: true }));
    expect(err.issue).toBe("workspace-merge-conflict");
    expect(err.message).toContain("conflicts in README.md");
    for (const c of scorecard.contestants) expect(existsSync(c.path)).toBe(true);
    expect(readFileSync(join(fx.repo, "README.md"), "utf8")).toBe("main moved on\n");
  });

  it("pick refuses a harness that was not in the race", async () => {
    fx = new GitFixture();
    await runRace(racePorts({}), request());
    expect((await refusal(pickWinner(racePorts({}), "r1", "c"))).message).toBe("c is not a contestant of race r1");
  });

  it("discard keeps worktrees with work unless forced, then forgets the race", async () => {
    fx = new GitFixture();
    const work = { a: { "x.txt": "a\n" } };
    await runRace(racePorts(work), request());
    const kept = await discardRace(racePorts(work), "r1");
    expect(kept.removed).toEqual(["r1-b"]);
    expect(kept.kept.map((k) => k.workspace)).toEqual(["r1-a"]);
    expect(new RaceStore(fx.env).exists("r1")).toBe(true);
    const forced = await discardRace(racePorts(work), "r1", { force: true });
    expect(forced.removed).toEqual(["r1-a"]);
    // What --force threw away, per workspace, in words `hmux race discard` prints as "removed …, losing …".
    expect(forced.discarded).toEqual([{ workspace: "r1-a", lost: ["1 uncommitted change(s): ?? x.txt"] }]);
    expect(branches()).toEqual(["main"]);
    expect(new RaceStore(fx.env).exists("r1")).toBe(false);
  });
});
