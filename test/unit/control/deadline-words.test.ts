import { describe, expect, it } from "vitest";
import { deadlineReason, durationInWords } from "../../../src/core/control/deadline.js";

describe("a decision deadline in words", () => {
  it("never rounds a short budget up to more than was waited", () => {
    expect(durationInWords(1500)).toBe("1.5 s");
    expect(durationInWords(2000)).toBe("2 s");
    expect(durationInWords(9950)).toBe("9.9 s");
  });

  it("reads longer waits as a person says them", () => {
    expect(durationInWords(800)).toBe("800 ms");
    expect(durationInWords(55_000)).toBe("55 s");
    expect(durationInWords(600_000)).toBe("10 min");
    expect(durationInWords(90_000)).toBe("1 min 30 s");
  });

  it("says that nobody answered, that nothing ran, and the harness's own wait when it has one", () => {
    expect(deadlineReason(600_000, null)).toBe(
      "nobody answered within 10 min, so hmux denied it; the call did not run",
    );
    expect(deadlineReason(55_000, 60_000)).toBe(
      "nobody answered within 55 s (the harness itself waits only 1 min), so hmux denied it; the call did not run",
    );
  });
});
