/**
 * The approval countdown moves in whole minutes while more than a minute is left, in five-second
 * steps in the last minute and by the second in the last ten; its next change is exactly where the
 * text first reads differently.
 */
import { describe, expect, it } from "vitest";
import { countdown, countdownChangeAt } from "../../../src/core/control/countdown.js";

const D = 1_700_000_600_000;

describe("countdown text", () => {
  it("is absent without a deadline", () => {
    expect(countdown(null, D)).toBeNull();
  });

  it("reads whole minutes that are never more than the time left", () => {
    expect(countdown(D, D - 575_000)).toBe("9 min"); // 9:35 left
    expect(countdown(D, D - 540_001)).toBe("9 min");
    expect(countdown(D, D - 540_000)).toBe("8 min"); // exactly 9:00 left: "at least 9" would no longer be strictly true
    expect(countdown(D, D - 60_001)).toBe("1 min");
  });

  it("reads five-second steps in the last minute that are never more than the time left", () => {
    expect(countdown(D, D - 60_000)).toBe("55 s");
    expect(countdown(D, D - 42_300)).toBe("40 s");
    expect(countdown(D, D - 15_000)).toBe("10 s");
    expect(countdown(D, D - 10_001)).toBe("10 s");
  });

  it("reads seconds in the last ten, rounded up, and 0 s once passed", () => {
    expect(countdown(D, D - 10_000)).toBe("10 s");
    expect(countdown(D, D - 9_999)).toBe("10 s");
    expect(countdown(D, D - 4_200)).toBe("5 s");
    expect(countdown(D, D - 1)).toBe("1 s");
    expect(countdown(D, D)).toBe("0 s");
    expect(countdown(D, D + 5000)).toBe("0 s");
  });
});

describe("countdown next change", () => {
  /** The first millisecond after `now` at which the text differs, by walking the clock. */
  function walk(now: number): number | null {
    const text = countdown(D, now);
    for (let t = now + 1; t <= D + 1000; t++) if (countdown(D, t) !== text) return t;
    return null;
  }

  it("is the instant the text first reads differently, for times in every regime", () => {
    for (const left of [
      575_000, 540_000, 539_999, 120_000, 60_001, 60_000, 59_999, 42_300, 15_001, 15_000, 12_000, 10_001, 10_000, 9_999,
      1000, 1,
    ])
      expect(countdownChangeAt(D, D - left), `with ${left} ms left`).toBe(walk(D - left));
  });

  it("is a minute apart while far, five seconds apart in the last minute and a second apart in the last ten", () => {
    expect(countdownChangeAt(D, D - 575_000)).toBe(D - 540_000);
    expect(countdownChangeAt(D, D - 540_000)).toBe(D - 480_000);
    expect(countdownChangeAt(D, D - 60_000)).toBe(D - 55_000);
    expect(countdownChangeAt(D, D - 42_300)).toBe(D - 40_000);
    // "10 s" from 15 s left down to 9 s: the step at 10 s changes nothing on screen.
    expect(countdownChangeAt(D, D - 12_000)).toBe(D - 9_000);
    expect(countdownChangeAt(D, D - 500)).toBe(D);
  });

  it("wakes the TUI nineteen times in the last minute, not sixty", () => {
    let wakes = 0;
    for (let at = countdownChangeAt(D, D - 60_000); at !== null; at = countdownChangeAt(D, at)) wakes++;
    expect(wakes).toBe(19);
  });

  it("is null once the deadline has passed", () => {
    expect(countdownChangeAt(D, D)).toBeNull();
    expect(countdownChangeAt(D, D + 1)).toBeNull();
  });
});
