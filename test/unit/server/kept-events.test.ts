import { describe, expect, it } from "vitest";
import type { SessionEvent } from "../../../src/core/control/types.js";
import { KeptEvents } from "../../../src/server/kept-events.js";

const identity = (sessionId: string): SessionEvent => ({
  kind: "identity",
  harness: "claude",
  sessionId,
  authority: "harness-minted",
});
const text = (n: number): SessionEvent => ({ kind: "token", text: `t${n}` });

describe("KeptEvents", () => {
  it("keeps the newest events up to its capacity, oldest first, each with its time", () => {
    const kept = new KeptEvents(3);
    for (let n = 1; n <= 5; n++) kept.push(text(n), 100 + n);
    expect(kept.length).toBe(3);
    expect(kept.newest(10)).toEqual({ events: [text(3), text(4), text(5)], times: [103, 104, 105] });
    expect(kept.newest(2)).toEqual({ events: [text(4), text(5)], times: [104, 105] });
    expect(kept.newest(0)).toEqual({ events: [], times: [] });
  });

  it("reads a run of events from a place in the ring, in emission order across its wrap, no further than the newest", () => {
    const kept = new KeptEvents(4);
    for (let n = 1; n <= 6; n++) kept.push(text(n), 100 + n);
    expect(kept.slice(1, 2)).toEqual({ events: [text(4), text(5)], times: [104, 105] });
    expect(kept.slice(2, 10)).toEqual({ events: [text(5), text(6)], times: [105, 106] });
    expect(kept.slice(4, 10)).toEqual({ events: [], times: [] });
  });

  it("finds the newest event a predicate holds for, across the ring's wrap", () => {
    const kept = new KeptEvents(3);
    kept.push(identity("a"), 1);
    for (let n = 1; n <= 2; n++) kept.push(text(n), 1);
    kept.push(identity("b"), 2);
    kept.push(text(3), 3);
    expect(kept.findLast((e) => e.kind === "identity")).toEqual(identity("b"));
    expect(kept.findLast((e) => e.kind === "done")).toBeUndefined();
  });
});
