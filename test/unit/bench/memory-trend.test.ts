/**
 * The soak's verdict (bench/memory-trend.ts) reads growth, not noise: a steady climb under V8's
 * sawtooth is growth, a sawtooth about a level is flat, and start-up's climb before minute 5 is
 * not counted.
 */
import { describe, expect, it } from "vitest";
import { memoryTrend, type Reading } from "../../../bench/memory-trend.js";

/** Readings at minutes 0..30 from `mb(minute)`. */
const soak = (mb: (minute: number) => number): Reading[] =>
  Array.from({ length: 31 }, (_, minute) => ({ minute, mb: mb(minute) }));
/** V8's collections: ±4 MB from one minute to the next. */
const sawtooth = (minute: number): number => (minute % 2 === 0 ? 4 : -4);

describe("memoryTrend", () => {
  it("a climb of 3 MB per 10 minutes under a sawtooth reads as growth, at its rate", () => {
    const trend = memoryTrend(soak((m) => 200 + 0.3 * m + sawtooth(m)));
    expect(trend?.flat).toBe(false);
    expect(trend?.mbPer10Minutes).toBeCloseTo(3, 0);
  });

  it("a sawtooth about a level reads as flat, whichever peak the last reading sits on", () => {
    const trend = memoryTrend(soak((m) => 200 + sawtooth(m) + (m === 30 ? 6 : 0)));
    expect(trend?.flat).toBe(true);
  });

  it("start-up's climb before minute 5 is not counted", () => {
    const trend = memoryTrend(soak((m) => (m < 5 ? 150 + 10 * m : 200)));
    expect(trend?.fromMinute).toBe(5);
    expect(trend?.flat).toBe(true);
    expect(trend?.mbPer10Minutes).toBeCloseTo(0, 5);
  });

  it("a soak shorter than 10 minutes is read from half-way", () => {
    const trend = memoryTrend(Array.from({ length: 5 }, (_, minute) => ({ minute, mb: 100 + minute })));
    expect(trend?.fromMinute).toBe(2);
    expect(trend?.mbPer10Minutes).toBeCloseTo(10, 5);
  });

  it("one reading gives no trend", () => {
    expect(memoryTrend([{ minute: 0, mb: 100 }])).toBeNull();
  });
});
