import { describe, expect, it } from "vitest";
import { AppendOnlyMap } from "../../../src/core/control/append-only-map.js";
import { initialState, step } from "../../../src/core/control/machine.js";
import { config } from "./helpers.js";

describe("append-only book", () => {
  it("an older version never sees entries added after it, even when a branch appends to it", () => {
    const a = AppendOnlyMap.empty<number>().with("x", 1);
    const b = a.with("y", 2);
    const branch = a.with("z", 3); // appends to an older version: copies first
    expect(a.entries()).toEqual([["x", 1]]);
    expect(b.entries()).toEqual([
      ["x", 1],
      ["y", 2],
    ]);
    expect(branch.entries()).toEqual([
      ["x", 1],
      ["z", 3],
    ]);
    expect(branch.get("y")).toBeUndefined();
    expect(b.get("z")).toBeUndefined();
  });

  it("setting a key again gives a version with the new value and leaves the old one alone", () => {
    const a = AppendOnlyMap.empty<number>().with("x", 1).with("y", 2);
    const b = a.with("x", 9);
    expect(a.get("x")).toBe(1);
    expect(b.get("x")).toBe(9);
    expect(b.toJSON()).toEqual({ y: 2, x: 9 });
  });

  it("a long session stays linear: 5000 asked and decided calls take well under a few seconds", () => {
    let s = initialState(config());
    s = step(s, { type: "ready" }, 0).state;
    s = step(s, { type: "turn-started", turnId: "t" }, 0).state;
    const started = performance.now();
    for (let i = 0; i < 5000; i++) {
      s = step(
        s,
        { type: "tool-call-requested", call: { callId: `c${i}`, tool: "Bash", input: { command: "ls" }, ref: i } },
        i,
      ).state;
      s = step(
        s,
        {
          type: "command-line",
          line: `{"format":"metaharness.command/1","id":"d${i}","command":"tool.decide","call_id":"c${i}","decision":"allow"}`,
          decider: "program",
        },
        i,
      ).state;
    }
    expect(s.settled.size).toBe(5000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
