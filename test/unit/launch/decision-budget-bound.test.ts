import { describe, expect, it } from "vitest";
import { decisionBudgetFor } from "../../../src/core/launch/decision-budget.js";
import { RefusalError } from "../../../src/core/refusal.js";

describe("a requested decision budget is bounded once, for every entry point", () => {
  it("a day or less is taken as asked", () => {
    expect(decisionBudgetFor({ entry: "session", requestedMs: 86_400_000 })).toEqual({ ms: 86_400_000, tier: "arg" });
    expect(decisionBudgetFor({ entry: "pane", requestedMs: 1 })).toEqual({ ms: 1, tier: "arg" });
  });

  it("more than a day, zero or a fraction is refused naming the flag, as a config value over the bound is", () => {
    for (const ms of [86_400_001, 99_999_999_999, 0, 1.5]) {
      let refused: unknown;
      try {
        decisionBudgetFor({ entry: "session", requestedMs: ms });
      } catch (err) {
        refused = err;
      }
      expect(refused).toBeInstanceOf(RefusalError);
      expect((refused as RefusalError).message).toMatch(/^--decision-budget .* from 1 to 86400000 \(a day\)$/);
      expect((refused as RefusalError).issue).toBe("invalid-option-value");
    }
  });
});
