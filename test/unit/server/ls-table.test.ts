import { describe, expect, it } from "vitest";
import { idleExitMs } from "../../../src/cli/commands/server.js";
import { countdown } from "../../../src/core/control/countdown.js";
import { NO_USAGE } from "../../../src/core/usage/totals.js";
import type { SessionSummary } from "../../../src/protocol/index.js";
import {
  formatAge,
  harnessOf,
  resumeHint,
  sessionTable,
  stateOf,
  timeLeft,
  usageCells,
} from "../../../src/server/ls-table.js";

const row = (over: Partial<SessionSummary>): SessionSummary => ({
  id: "0123456789abcdef",
  name: "pi-1",
  harness: "pi",
  lifecycle: "idle",
  cwd: "/work/repo",
  createdAt: new Date(0).toISOString(),
  pending: 0,
  harnessSessionId: null,
  ...over,
});

describe("hmux ls as a table", () => {
  it("an age is in its largest whole unit", () => {
    expect([0, 59_999, 60_000, 3_599_999, 3_600_000, 86_400_000 * 3].map(formatAge)).toEqual([
      "0s",
      "59s",
      "1m",
      "59m",
      "1h",
      "3d",
    ]);
  });

  it("a closed session says how it ended instead of its lifecycle", () => {
    expect(stateOf(row({ lifecycle: "closed", closed: { cause: "killed", exitCode: null } }))).toBe("closed (killed)");
    expect(stateOf(row({ lifecycle: "awaiting-approval" }))).toBe("awaiting-approval");
  });

  it("a restored session says what its restore lost beside its state", () => {
    expect(stateOf(row({ lifecycle: "detached", restored: { lostCalls: 2, cut: "cut at line 9", problems: 0 } }))).toBe(
      "detached (2 calls lost, journal cut)",
    );
    expect(stateOf(row({ lifecycle: "detached", restored: { lostCalls: 1, cut: null, problems: 0 } }))).toBe(
      "detached (1 call lost)",
    );
    expect(stateOf(row({ lifecycle: "detached", restored: { lostCalls: 0, cut: null, problems: 0 } }))).toBe(
      "detached",
    );
  });

  it("columns line up under the header, the short id and the cwd come last", () => {
    const lines = sessionTable(
      [
        row({ pending: 2, lifecycle: "awaiting-approval" }),
        row({ name: "a-much-longer-name", id: "fedcba9876543210" }),
      ],
      125_000,
    );
    expect(lines[0]).toMatch(/^NAME\s+HARNESS\s+STATE\s+AGE\s+PENDING\s+TOKENS\s+CONTEXT\s+COST\s+ID\s+CWD$/);
    const column = lines[0]!.indexOf("PENDING");
    expect(lines[1]!.slice(column, column + 1)).toBe("2");
    expect(lines[1]).toContain("2m");
    expect(lines[2]).toMatch(/fedcba98\s+\/work\/repo$/);
  });
});

describe("hmux ls shows what each session spent", () => {
  it("tokens in (cached too) and out, the context of the window, the cost; unknown for an unpriced model, never $0", () => {
    const usage = {
      ...NO_USAGE,
      records: 2,
      inputTokens: 1200,
      cachedInputTokens: 12_000,
      outputTokens: 340,
      costUsd: 0.0123,
      contextTokens: 14_000,
      contextWindow: 200_000,
    };
    expect(usageCells(row({ usage }))).toEqual(["13k/340", "14k/200k 7%", "$0.0123"]);
    expect(usageCells(row({ usage: { ...usage, unpriced: 1 } }))[2]).toBe("unknown");
    expect(usageCells(row({}))).toEqual(["-", "-", "-"]);
    const lines = sessionTable([row({ usage: { ...usage, costUsd: null, unpriced: 2 } })], 0);
    expect(lines[1]).toMatch(/\sunknown\s/);
    expect(lines[1]).not.toContain("$0");
  });
});

describe("hmux ls shows when a waiting approval is denied unanswered", () => {
  it("the state says auto-deny in whole minutes, then seconds, as the pane's countdown does", () => {
    const waiting = row({ lifecycle: "awaiting-approval", pending: 1, deadlineInMs: 9 * 60_000 + 30_000 });
    const lines = sessionTable([waiting, row({ name: "idle-one" })], 0);
    expect(lines[1]).toMatch(/^pi-1\s+pi\s+awaiting-approval \(auto-deny in 9 min\)\s+0s\s+1\s/);
    expect(lines[2]).toMatch(/^idle-one\s+pi\s+idle\s+0s\s+0\s/);
    expect(stateOf(row({ lifecycle: "awaiting-approval", deadlineInMs: 46_000 }))).toBe(
      "awaiting-approval (auto-deny in 45 s)",
    );
    expect(timeLeft(600_000)).toBe("9 min");
    expect(timeLeft(60_000)).toBe("55 s");
    expect(timeLeft(47_000)).toBe("45 s");
    expect(timeLeft(7_500)).toBe("8 s");
    // The very function the pane counts down with.
    for (const ms of [600_000, 61_000, 60_000, 47_000, 10_000, 7_500, 0])
      expect(timeLeft(ms)).toBe(countdown(1_000_000 + ms, 1_000_000));
  });
});

describe("hmux server --idle-exit", () => {
  it("seconds become milliseconds, never keeps the server, anything else is refused", () => {
    expect(idleExitMs("2.5")).toBe(2500);
    expect(idleExitMs("never")).toBeNull();
    expect(idleExitMs(undefined)).toBe(10_000);
    for (const bad of ["", "-1", "soon"]) expect(() => idleExitMs(bad)).toThrow(/idle-exit/);
  });

  it("a native pane is marked as one, and a state no hook reports reads as unknown, not as a guess", () => {
    const native = { kind: "claude", pid: 7, cols: 80, rows: 24, stateKnown: true, interruptKey: "\u001b" };
    expect(harnessOf(row({ harness: "claude", native }))).toBe("claude·native");
    expect(harnessOf(row({ harness: "shell", native: { ...native, kind: "shell" } }))).toBe("shell");
    expect(harnessOf(row({ harness: "claude" }))).toBe("claude");
    expect(stateOf(row({ lifecycle: "starting", native: { ...native, stateKnown: false } }))).toBe(
      "running (state unknown)",
    );
    expect(stateOf(row({ lifecycle: "idle", native }))).toBe("idle");
  });

  it("a detached row reads detached, and the hint says how to resume it (on its host)", () => {
    const restored = { lostCalls: 0, cut: null, problems: 0 };
    const detached = row({ name: "claude-1", harness: "claude", lifecycle: "detached", restored });
    expect(sessionTable([detached], 0)[1]).toMatch(/^claude-1\s+claude\s+detached\s/);
    expect(resumeHint([row({}), detached])).toBe(
      "claude-1 is detached (the hmux server running it died): resume it with `hmux resume claude-1`",
    );
    expect(resumeHint([detached, { ...detached, name: "pi-2" }], "me@box")).toBe(
      "2 sessions are detached (the hmux server running them died): resume each with `hmux resume --host me@box <name>`, e.g. `hmux resume --host me@box claude-1`",
    );
    expect(resumeHint([row({}), row({ lifecycle: "closed", closed: { cause: "killed", exitCode: null } })])).toBeNull();
  });
});
