import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { reviewLine } from "../../../src/race/render-table.js";
import {
  MAX_REVIEW_DIFF_CHARS,
  MAX_VERDICT_CHARS,
  reviewPrompt,
  reviewScore,
  verdictOf,
} from "../../../src/race/review.js";
import type { ContestantScore } from "../../../src/race/scorecard-schema.js";

const said = (text: string, thinking = false): SessionEvent => ({ kind: "message", role: "assistant", text, thinking });

describe("the cross-review", () => {
  it("shows the reviewer the task and the contestant's diff, cut when long, and asks it to change nothing", () => {
    const p = reviewPrompt("fix slug()", "claude", "+a\n-b");
    expect(p).toContain("fix slug()");
    expect(p).toContain("claude's change");
    expect(p).toContain("+a\n-b");
    expect(p).toMatch(/Do not change any file/);
    const long = reviewPrompt("t", "pi", "x".repeat(MAX_REVIEW_DIFF_CHARS + 10));
    expect(long).toContain("cut here");
    expect(long.length).toBeLessThan(MAX_REVIEW_DIFF_CHARS + 1000);
  });

  it("takes the reviewer's last answer, not its thinking, on one line and cut short", () => {
    expect(verdictOf([said("first"), said("pondering", true), said("Looks  right.\nShip it.")])).toBe(
      "Looks right. Ship it.",
    );
    expect(verdictOf([said("thinking only", true)])).toBeNull();
    expect(verdictOf([said("y".repeat(MAX_VERDICT_CHARS * 2))])?.length).toBe(MAX_VERDICT_CHARS);
  });

  it("scores the review with how its turn ended, and says in words why a review did not run", () => {
    expect(reviewScore("codex", [said("ok"), { kind: "done", exitCode: 0, cause: "clean" }])).toEqual({
      reviewer: "codex",
      verdict: "ok",
      outcome: "clean",
    });
    const c = { harness: "claude" } as ContestantScore;
    expect(reviewLine({ ...c, review: { reviewer: "codex", verdict: "ok", outcome: "clean" } })).toBe(
      "review of claude by codex: ok",
    );
    expect(
      reviewLine({
        ...c,
        review: { reviewer: "pi", verdict: null, outcome: "refused", error: "cannot run read-only" },
      }),
    ).toBe("review of claude by pi: not run: cannot run read-only");
    expect(reviewLine(c)).toBeNull();
  });
});
