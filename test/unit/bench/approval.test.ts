/**
 * The approval bench measures something real: its fake harness sees exactly one decision per
 * request it wrote, through every bridge and decider, and a round with a missing or doubled
 * decision is caught (so a broken path fails the bench instead of printing fast numbers).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import {
  BENCH_HARNESSES,
  FAKE_HARNESS_PATH,
  type FakeRequestRecord,
  INSTANT_DECIDERS,
  measureApprovals,
  percentile,
  type RoundResult,
  roundProblem,
} from "../../../bench/approval.bench.js";

/** What "allow" looks like on each harness's own wire, as the fake read it. */
const ALLOWED: Record<(typeof BENCH_HARNESSES)[number], (decision: unknown) => boolean> = {
  claude: (d) => (d as { behavior?: string }).behavior === "allow",
  codex: (d) => (d as { decision?: string }).decision === "accept",
  pi: (d) => (d as { decision?: string }).decision === "allow",
};

describe("approval bench fake harness", () => {
  for (const harness of BENCH_HARNESSES) {
    for (const decider of INSTANT_DECIDERS) {
      it(`${harness} with a ${decider} decider: the fake receives exactly one allow per request it wrote, each decided by the ${decider}`, async () => {
        const m = await measureApprovals(
          harness,
          decider,
          [
            { pattern: "sequential", count: 20 },
            { pattern: "burst", count: 30 },
          ],
          { turnTimeoutMs: 10_000 },
        );
        expect(m.rounds.map((r) => [r.pattern, r.count, r.requests.length])).toEqual([
          ["sequential", 20, 20],
          ["burst", 30, 30],
        ]);
        for (const round of m.rounds) {
          expect(roundProblem(round)).toBeNull();
          expect(
            round.requests.every((q) => q.decisions === 1 && q.arrivedAt !== null && q.arrivedAt >= q.sentAt),
          ).toBe(true);
          expect(round.requests.every((q) => ALLOWED[harness](q.decision))).toBe(true);
          expect(round.roundTripsMs).toHaveLength(round.count);
          expect(new Set(round.requests.map((q) => q.wireId)).size).toBe(round.count);
        }
        expect(m.stray).toBe(0);
        expect(m.dispositionsSent).toBe(50);
        expect(m.decidedBy).toEqual({ [decider]: 50 });
      });
    }
  }
});

describe("approval bench round checks", () => {
  const record = (wireId: string, decisions: number): FakeRequestRecord => ({
    wireId,
    sentAt: 1,
    arrivedAt: decisions > 0 ? 2 : null,
    decisions,
    decision: null,
  });
  const round = (requests: FakeRequestRecord[], count = requests.length): RoundResult => ({
    pattern: "burst",
    count,
    requests,
    roundTripsMs: [],
    spanMs: 0,
  });

  it("a round where a request got no decision is a problem, not a measurement", () => {
    expect(roundProblem(round([record("a", 1), record("b", 0)]))).toMatch(/1 of 2 requests got no decision/);
  });

  it("a round where a request got two decisions is a problem", () => {
    expect(roundProblem(round([record("a", 2), record("b", 1)]))).toMatch(/more than one decision/);
  });

  it("a round that wrote fewer requests than planned is a problem", () => {
    expect(roundProblem(round([record("a", 1)], 3))).toMatch(/3 requests planned, 1 written/);
  });

  it("the fake itself counts a missing and a doubled decision (it does not assume answers)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hmux-fake-check-"));
    const outFile = join(dir, "out.json");
    const child = spawn(process.execPath, [FAKE_HARNESS_PATH], {
      env: { PATH: process.env.PATH ?? "", HMUX_FAKE_HARNESS: "claude", HMUX_FAKE_OUT: outFile },
      stdio: ["pipe", "pipe", "inherit"],
    });
    try {
      const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
      const requests: string[] = [];
      const three = new Promise<void>((resolve) => {
        createInterface({ input: child.stdout }).on("line", (line) => {
          const msg = JSON.parse(line) as { type?: string; request_id?: string };
          if (msg.type === "control_request" && msg.request_id) requests.push(msg.request_id);
          if (requests.length === 3) resolve();
        });
      });
      child.stdin.write(`${JSON.stringify({ type: "user", message: { content: "burst 3" } })}\n`);
      await three;
      const allow = (id: string) =>
        `${JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: id, response: { behavior: "allow" } } })}\n`;
      child.stdin.write(allow(requests[0]!) + allow(requests[0]!) + allow(requests[2]!) + allow("req-never-asked"));
      child.stdin.end();
      expect(await exited).toBe(0);
      const result = JSON.parse(readFileSync(outFile, "utf8")) as {
        rounds: { requests: FakeRequestRecord[]; unfinished?: boolean }[];
        stray: unknown[];
      };
      const [only] = result.rounds;
      expect(only?.unfinished).toBe(true);
      expect(only?.requests.map((q) => q.decisions)).toEqual([2, 0, 1]);
      expect(result.stray).toHaveLength(1);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("percentiles are nearest-rank over the sorted samples", () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});
