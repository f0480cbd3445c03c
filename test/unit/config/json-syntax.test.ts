import { describe, expect, it } from "vitest";
import { findJsonProblem, lineColumn } from "../../../src/core/config/json-syntax.js";

/** Small deterministic PRNG so a failing case can be replayed from its seed. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const ALPHABET = [
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"',
  "a",
  "1",
  "-",
  ".",
  "e",
  " ",
  "\n",
  "true",
  "null",
  "\\",
  "0",
  '"k"',
];

describe("findJsonProblem", () => {
  it("agrees with JSON.parse on which texts are well-formed (2000 generated texts)", () => {
    const next = rng(7);
    for (let i = 0; i < 2000; i++) {
      const length = 1 + Math.floor(next() * 12);
      let text = "";
      for (let j = 0; j < length; j++) text += ALPHABET[Math.floor(next() * ALPHABET.length)];
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      const problem = findJsonProblem(text);
      expect({ text, syntaxOk: problem?.kind !== "syntax" }).toEqual({ text, syntaxOk: parses });
    }
  });

  it("accepts escapes, numbers and nesting JSON allows", () => {
    expect(findJsonProblem('{"a":[1,-2.5e+3,0,{"b":"\\u00e9\\n\\""}],"c":null,"d":false}')).toBeNull();
  });

  it("points at the first offending character", () => {
    expect(findJsonProblem('{"a": tru}')).toMatchObject({ kind: "syntax", line: 1, column: 7 });
  });

  it("reports an unterminated string at its opening quote", () => {
    expect(findJsonProblem('{"a": "abc')).toMatchObject({ kind: "syntax", column: 7, message: "unterminated string" });
  });

  it("refuses nesting deep enough to threaten the stack, without throwing", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(findJsonProblem(deep)).toMatchObject({ kind: "syntax", message: expect.stringContaining("nesting deeper") });
  });

  it("reports a duplicate key with its path, including inside arrays", () => {
    expect(findJsonProblem('{"a":[{"x":1,"x":2}]}')).toMatchObject({ kind: "duplicate-key", path: ["a", 0, "x"] });
  });

  it("counts lines and columns from 1", () => {
    expect(lineColumn("ab\ncd", 4)).toEqual({ line: 2, column: 2 });
  });
});
