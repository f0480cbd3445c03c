import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import type { RaceRecord } from "../../../src/race/record.js";
import { renderRaceList } from "../../../src/race/render-list.js";
import { formatCost, mergesWith, renderScorecard } from "../../../src/race/render-table.js";
import { buildScorecard, type ContestantFacts, type RaceFacts } from "../../../src/race/scorecard.js";
import { ScorecardLineSchema } from "../../../src/race/scorecard-schema.js";
import { tallyEvents } from "../../../src/race/tally.js";

const race: RaceFacts = {
  race: "r1",
  prompt: "fix it",
  repo: "/repo",
  base: { name: "main", commit: "a".repeat(40) },
  baseDirty: [],
  settings: { autonomy: true },
  check: "npm test",
};

const clean: SessionEvent = { kind: "done", exitCode: 0, cause: "clean" };

function contestant(harness: string, over: Partial<ContestantFacts> = {}): ContestantFacts {
  return {
    harness,
    workspace: `r1-${harness}`,
    branch: `hmux/r1-${harness}`,
    path: `/wt/r1-${harness}`,
    wallMs: 1000,
    tally: tallyEvents([clean]),
    files: [{ path: "a.js", added: 1, removed: 1 }],
    check: { command: "npm test", exitCode: 0, durationMs: 5, timedOut: false, passed: true, outputTail: "" },
    planDivergences: [],
    ...over,
  };
}

const failedCheck = {
  command: "npm test",
  exitCode: 1,
  durationMs: 5,
  timedOut: false,
  passed: false,
  outputTail: "not ok",
};

describe("tally", () => {
  it("sums tokens and cost over usage events and leaves unreported figures null", () => {
    const t = tallyEvents([
      { kind: "usage", inputTokens: 10, outputTokens: 3 },
      { kind: "usage", inputTokens: 5, outputTokens: 2, costUsd: 0.25 },
      clean,
    ]);
    expect([t.inputTokens, t.outputTokens, t.cachedInputTokens, t.costUsd]).toEqual([15, 5, null, 0.25]);
    expect(tallyEvents([clean]).inputTokens).toBeNull();
  });

  it("counts every input token as tokens in, cache reads and writes included, as hmux ls and the pane header do", () => {
    // Claude bills most of a turn's input as cache tokens: the full-rate count alone read 0.
    const t = tallyEvents([
      { kind: "usage", inputTokens: 0, cachedInputTokens: 900, cacheWriteTokens: 100, outputTokens: 50 },
      { kind: "usage", cachedInputTokens: 40 },
      clean,
    ]);
    expect([t.inputTokens, t.cachedInputTokens, t.outputTokens]).toEqual([1040, 940, 50]);
  });

  it("counts a natively denied result as an ask that was denied, once per held call", () => {
    const denied: SessionEvent = {
      kind: "tool",
      phase: "result",
      callId: "c1",
      output: "no",
      isError: true,
      denied: true,
    };
    expect(tallyEvents([denied])).toMatchObject({ approvalsAsked: 1, approvalsDenied: 1 });
    const held = tallyEvents([
      { kind: "approval-request", call: { callId: "c1", tool: "Write", input: {}, openedAt: 0, deadlineAt: null } },
      {
        kind: "approval-disposition",
        callId: "c1",
        decision: { decision: "deny", reason: "no" },
        decider: "person",
        status: "sent",
      },
      denied,
      { kind: "approval-request", call: { callId: "c2", tool: "Write", input: {}, openedAt: 0, deadlineAt: null } },
      {
        kind: "approval-disposition",
        callId: "c2",
        decision: { decision: "allow" },
        decider: "person",
        status: "sent",
      },
    ]);
    expect(held).toMatchObject({ approvalsAsked: 2, approvalsDenied: 1 });
  });

  it("records run-time divergences and the turn's outcome", () => {
    const t = tallyEvents([
      { kind: "divergence", key: "sandbox", asked: "workspace-write", runs: "none", notice: "bwrap failed" },
      { kind: "done", exitCode: 1, cause: "failed", failure: { class: "task", retryable: false, message: "boom" } },
    ]);
    expect(t.divergences).toEqual([{ key: "sandbox", asked: "workspace-write", when: "run", reason: "bwrap failed" }]);
    expect(t.done).toEqual({ cause: "failed", exitCode: 1, failure: { class: "task", message: "boom" } });
  });

  it("one setting diverging twice at run time in different words (codex's sandbox on stderr and as a warning) is scored once", () => {
    const said = { kind: "divergence", key: "sandbox", asked: "workspace-write", runs: "bundled bwrap" } as const;
    const t = tallyEvents([
      { ...said, notice: "\u001b[31mERROR\u001b[0m no bubblewrap on PATH" },
      { ...said, notice: "no bubblewrap on PATH" },
    ]);
    expect(t.divergences.map((d) => d.key)).toEqual(["sandbox"]);
  });

  it("a divergence said twice by the harness is scored once, a different one beside it", () => {
    const said = {
      kind: "divergence",
      key: "sandbox",
      asked: "workspace-write",
      runs: "none",
      notice: "no bwrap",
    } as const;
    const t = tallyEvents([said, said, { ...said, key: "network", notice: "offline" }]);
    expect(t.divergences.map((d) => d.key)).toEqual(["sandbox", "network"]);
  });
});

describe("scorecard", () => {
  it("splits files into changed-by-all and changed-only-by-this-one", () => {
    const card = buildScorecard(race, [
      contestant("a", {
        files: [
          { path: "x", added: 1, removed: 0 },
          { path: "only-a", added: 2, removed: 0 },
        ],
      }),
      contestant("b", {
        files: [
          { path: "x", added: 1, removed: 0 },
          { path: "ab", added: 1, removed: 0 },
        ],
      }),
      contestant("c", {
        files: [
          { path: "x", added: 1, removed: 0 },
          { path: "ab", added: 1, removed: 0 },
        ],
      }),
    ]);
    const [a, b] = card.contestants;
    expect(a!.sharedFiles).toEqual(["x"]);
    expect(a!.uniqueFiles).toEqual(["only-a"]);
    expect(b!.uniqueFiles).toEqual([]); // "ab" is b's and c's
    expect(card.summary.sharedFiles).toEqual(["x"]);
  });

  it("adds up lines, and ranks only contestants that finished, changed something and passed", () => {
    const card = buildScorecard(race, [
      contestant("slow", { wallMs: 3000, files: [{ path: "a", added: 5, removed: 2 }] }),
      contestant("broke", { wallMs: 500, check: failedCheck }),
      contestant("idle", { wallMs: 100, files: [] }),
      contestant("crashed", {
        wallMs: 50,
        tally: tallyEvents([{ kind: "done", exitCode: 1, cause: "crash" }]),
      }),
      contestant("quick", { wallMs: 900, files: [{ path: "a", added: 1, removed: 1 }] }),
    ]);
    expect(card.contestants[0]!.lines).toEqual({ added: 5, removed: 2 });
    expect(card.summary.passed).toEqual(["slow", "idle", "crashed", "quick"]);
    expect(card.summary.failed).toEqual(["broke"]);
    expect(card.summary.finished).toEqual(["slow", "broke", "idle", "quick"]);
    expect(card.summary.fastest).toEqual(["quick"]);
    expect(card.summary.fewestLines).toEqual(["quick"]);
    expect(card.summary.warnings.some((w) => w.startsWith("crashed did not finish"))).toBe(true);
  });

  it("lists every contestant that ties, and leaves a superlative empty when nobody reported the figure", () => {
    const card = buildScorecard(race, [contestant("a"), contestant("b")]);
    expect(card.summary.fastest).toEqual(["a", "b"]);
    expect(card.summary.cheapest).toEqual([]);
    expect(card.summary.fewestTokens).toEqual([]);
  });

  it("ranks tokens and cost among those who reported them", () => {
    const card = buildScorecard(race, [
      contestant("a", {
        tally: tallyEvents([{ kind: "usage", inputTokens: 100, outputTokens: 10, costUsd: 0.5 }, clean]),
      }),
      contestant("b", {
        tally: tallyEvents([{ kind: "usage", inputTokens: 50, outputTokens: 10, costUsd: 0.7 }, clean]),
      }),
      contestant("c"),
    ]);
    expect(card.summary.fewestTokens).toEqual(["b"]);
    expect(card.summary.cheapest).toEqual(["a"]);
    expect(card.contestants[2]!.tokens).toEqual({ input: null, output: null, cachedInput: null });
  });

  it("a contestant whose usage had no price reads cost unknown, never $0, and is not ranked cheapest", () => {
    const card = buildScorecard(race, [
      contestant("claude", { tally: tallyEvents([{ kind: "usage", outputTokens: 10, costUsd: 0.5 }, clean]) }),
      contestant("pi", { tally: tallyEvents([{ kind: "usage", outputTokens: 10 }, clean]) }),
    ]);
    const pi = card.contestants[1]!;
    expect(pi).toMatchObject({ costUsd: null, costUnknown: true });
    expect(card.contestants[0]).not.toHaveProperty("costUnknown");
    expect(card.summary.cheapest).toEqual(["claude"]);
    const text = renderScorecard(card).join("\n");
    expect(text).toMatch(/pi .*unknown/);
    expect(ScorecardLineSchema.parse(pi)).toMatchObject({ costUnknown: true });
  });

  it("lists files more than one contestant changed and each pair's merge, and warns of a conflict", () => {
    const card = buildScorecard(
      {
        ...race,
        merges: [
          { contestants: ["claude", "codex"], clean: true, conflicts: [] },
          { contestants: ["claude", "pi"], clean: false, conflicts: ["a.js"] },
          { contestants: ["codex", "pi"], clean: null, conflicts: [], error: "git broke" },
        ],
      },
      [
        contestant("claude"),
        contestant("codex", { files: [{ path: "b.js", added: 1, removed: 0 }] }),
        contestant("pi"),
      ],
    );
    expect(card.summary.overlap?.files).toEqual([{ path: "a.js", contestants: ["claude", "pi"] }]);
    expect(card.summary.warnings).toContain("claude's and pi's answers would not merge cleanly: a.js");
    const text = renderScorecard(card).join("\n");
    expect(text).toContain("changed by more than one: a.js (claude, pi)");
    expect(text).toContain("merge cleanly: claude+codex; conflict: claude+pi (a.js)");
    expect(mergesWith(card.summary, "pi")).toBe("claude ✗ codex ?");
    expect(ScorecardLineSchema.parse(card.summary)).toMatchObject({ kind: "summary" });
    // A scorecard scored without the merge check has no overlap at all, rather than an empty one.
    expect(buildScorecard(race, [contestant("claude")]).summary).not.toHaveProperty("overlap");
  });

  it("has no pass/fail lists without a check, and says the base was dirty", () => {
    const card = buildScorecard({ ...race, check: null, baseDirty: [" M README.md"] }, [
      contestant("a", { check: null }),
      contestant("b", { check: null }),
    ]);
    expect(card.summary.passed).toBeNull();
    expect(card.summary.failed).toBeNull();
    expect(card.summary.fastest).toEqual(["a", "b"]);
    expect(card.summary.warnings[0]).toContain("1 uncommitted change(s) that no worktree has");
  });

  it("puts plan divergences beside run-time ones", () => {
    const card = buildScorecard(race, [
      contestant("a", {
        planDivergences: [{ key: "effort", value: "high", reason: "not expressible on a" }],
        tally: tallyEvents([
          { kind: "divergence", key: "sandbox", asked: "workspace-write", runs: "none", notice: "n" },
          clean,
        ]),
      }),
    ]);
    expect(card.contestants[0]!.divergences).toEqual([
      { key: "effort", asked: "high", when: "plan", reason: "not expressible on a" },
      { key: "sandbox", asked: "workspace-write", when: "run", reason: "n" },
    ]);
  });

  it("warns, --json included, when a contestant lost with calls its gate denied", () => {
    const deniedCall: SessionEvent = {
      kind: "tool",
      phase: "result",
      callId: "c1",
      output: "denied",
      isError: true,
      denied: true,
    };
    const card = buildScorecard(race, [
      contestant("a"),
      contestant("b", { tally: tallyEvents([deniedCall, clean]), files: [], check: failedCheck }),
    ]);
    const warning = card.summary.warnings.find((w) => w.startsWith("b lost"));
    expect(warning).toContain("1 call(s) denied by its permission gate");
    expect(warning).toContain("--autonomy");
    // The winner's denied call is no loss to warn of.
    const won = buildScorecard(race, [contestant("a", { tally: tallyEvents([deniedCall, clean]) })]);
    expect(won.summary.warnings).toEqual([]);
    expect(ScorecardLineSchema.parse(card.summary)).toEqual(card.summary);
  });

  it("a call the person denied in a TUI race is said to be the person's denial, never the gate's", () => {
    const held = (callId: string, decider: "person" | "policy"): SessionEvent[] => [
      { kind: "approval-request", call: { callId, tool: "Bash", input: {}, openedAt: 0, deadlineAt: null } },
      {
        kind: "approval-disposition",
        callId,
        decision: { decision: "deny", reason: "no" },
        decider,
        status: "sent",
      },
    ];
    const lost = (events: SessionEvent[]) =>
      buildScorecard(race, [
        contestant("a"),
        contestant("codex", {
          personWaitMs: 10,
          tally: tallyEvents([...events, clean]),
          files: [],
          check: failedCheck,
        }),
      ]).summary.warnings.find((w) => w.startsWith("codex lost"));
    const byPerson = lost(held("c1", "person"));
    expect(byPerson).toBe("codex lost with 1 call(s) denied by a person at its pane");
    const byPolicy = lost(held("c1", "policy"));
    expect(byPolicy).toContain(
      "1 call(s) denied by its permission gate (a policy, a rule or the deadline, not a person)",
    );
    expect(byPolicy).not.toContain("nobody can answer");
    const both = lost([...held("c1", "person"), ...held("c2", "policy")]);
    expect(both).toContain("1 call(s) denied by its permission gate");
    expect(both).toContain(", 1 by a person at its pane");
    const card = buildScorecard(race, [
      contestant("codex", { personWaitMs: 0, tally: tallyEvents([...held("c1", "person"), clean]) }),
    ]);
    expect(card.contestants[0]!.approvals).toEqual({ asked: 1, denied: 1, byPerson: 1 });
    expect(ScorecardLineSchema.parse(card.contestants[0]!)).toEqual(card.contestants[0]);
  });

  it("produces lines the published schema accepts", () => {
    const card = buildScorecard(race, [contestant("a"), contestant("b", { check: failedCheck })]);
    for (const line of [...card.contestants, card.summary]) expect(ScorecardLineSchema.parse(line)).toEqual(line);
  });
});

describe("scorecard table", () => {
  it("has a row per contestant with its check verdict, then the summary and warnings", () => {
    const card = buildScorecard({ ...race, baseDirty: [" M x"] }, [
      contestant("alpha", { wallMs: 2500 }),
      contestant("beta", { check: failedCheck }),
    ]);
    const lines = renderScorecard(card);
    expect(lines[0]).toMatch(/^HARNESS\s+TURN\s+WALL/);
    expect(lines[1]).toMatch(/^alpha\s+clean\s+2\.5s .* pass \(0\)/);
    expect(lines[2]).toMatch(/^beta .* FAIL \(1\)/);
    expect(lines).toContain("passed the check: alpha; failed: beta");
    expect(lines.some((l) => l.startsWith("warning: the base checkout /repo had 1 uncommitted"))).toBe(true);
  });
});

describe("cost", () => {
  it("shows enough digits to tell a small cost from nothing", () => {
    expect([0.0004, 0.000012, 0.0576, 0.25, 1.5, 0].map(formatCost)).toEqual([
      "$0.00040",
      "$0.000012",
      "$0.0576",
      "$0.2500",
      "$1.50",
      "$0",
    ]);
  });
});

describe("race ls", () => {
  const record = (name: string, harnesses: string[]): RaceRecord => ({
    version: 1,
    race: name,
    repo: "/repo",
    base: "main",
    baseCommit: "b".repeat(40),
    prompt: "p",
    check: null,
    createdAt: "2026-12-01T10:00:00.000Z",
    contestants: harnesses.map((h) => ({
      harness: h,
      workspace: `${name}-${h}`,
      branch: `hmux/${name}-${h}`,
      path: "/wt",
    })),
  });

  it("has a header and columns that line up whatever the names' lengths", () => {
    const lines = renderRaceList([record("race-951f", ["claude", "codex"]), record("second", ["pi", "codex"])]);
    expect(lines[0]).toMatch(/^RACE\s+CREATED\s+BASE\s+CONTESTANTS\s+RESULT\s+REPO$/);
    const at = (line: string, word: string) => line.indexOf(word);
    for (const line of lines.slice(1)) {
      expect(at(line, "2026-")).toBe(at(lines[0]!, "CREATED"));
      expect(at(line, "main@")).toBe(at(lines[0]!, "BASE"));
      expect(at(line, "not finished")).toBe(at(lines[0]!, "RESULT"));
    }
  });
});
