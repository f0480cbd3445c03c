import { describe, expect, it } from "vitest";
import {
  composeAnswer,
  composePrompt,
  detectQuestion,
  QUESTION_PREAMBLE_MARKER,
  questionPreamble,
} from "../../../src/core/question.js";

const block = (body: string) => `\`\`\`hcn-question\n${body}\n\`\`\``;
const valid = '{"question":"Which env?","options":["staging","production"],"recommended":"staging"}';

describe("question preamble", () => {
  it("every mode starts with the one marker", () => {
    for (const mode of ["turn", "session", "no-escalate"] as const) {
      expect(questionPreamble(mode).startsWith(QUESTION_PREAMBLE_MARKER)).toBe(true);
    }
  });

  it("composition is idempotent", () => {
    const once = composePrompt("do the thing", "turn");
    expect(composePrompt(once, "turn")).toBe(once);
    expect(composePrompt(once, "no-escalate")).toBe(once);
  });

  it("the prompt follows the preamble after a blank line, unchanged", () => {
    const prompt = "-starts with a dash\nand has two lines";
    expect(composePrompt(prompt, "session").endsWith(`\n\n${prompt}`)).toBe(true);
  });

  it("the turn and session preambles show the fenced block; no-escalate forbids asking", () => {
    expect(questionPreamble("turn")).toContain("```hcn-question");
    expect(questionPreamble("session")).toContain("```hcn-question");
    expect(questionPreamble("no-escalate")).not.toContain("```hcn-question");
    expect(questionPreamble("no-escalate")).toMatch(/state the assumption/);
  });

  it("the answer wording is fixed", () => {
    expect(composeAnswer("Which env?", "prod")).toBe(
      'The user answered the question: "Which env?" with: prod. Continue accordingly.',
    );
  });
});

describe("question detection", () => {
  it("a text without a block asks nothing", () => {
    expect(detectQuestion("All done. ```ts\nx\n```")).toEqual({ kind: "none" });
  });

  it("a bare block is a question with its fields", () => {
    expect(detectQuestion(block(valid))).toEqual({
      kind: "question",
      question: "Which env?",
      options: ["staging", "production"],
      recommended: "staging",
    });
  });

  it("prose before the block and an indented opener are fine", () => {
    const text = `I checked everything.\n\n   \`\`\`hcn-question\n${valid}\n   \`\`\``;
    expect(detectQuestion(text).kind).toBe("question");
  });

  it("the last block wins", () => {
    const first = '{"question":"first?","options":["a"]}';
    const second = '{"question":"second?","options":["b","c"]}';
    const d = detectQuestion(`${block(first)}\nthen\n${block(second)}`);
    expect(d).toMatchObject({ kind: "question", question: "second?", options: ["b", "c"] });
  });

  it("an unclosed fence at the end still counts", () => {
    expect(detectQuestion(`\`\`\`hcn-question\n${valid}`)).toMatchObject({ kind: "question", question: "Which env?" });
  });

  it("recommended is optional", () => {
    const d = detectQuestion(block('{"question":"q?","options":["a","b"]}'));
    expect(d).toEqual({ kind: "question", question: "q?", options: ["a", "b"] });
  });

  it("a body that is not JSON is malformed", () => {
    expect(detectQuestion(block("{question: nope}")).kind).toBe("malformed");
  });

  it("empty options are malformed, naming the field", () => {
    const d = detectQuestion(block('{"question":"q?","options":[]}'));
    expect(d.kind).toBe("malformed");
    if (d.kind === "malformed") expect(d.reason).toMatch(/^options/);
  });

  it("an empty question is malformed", () => {
    expect(detectQuestion(block('{"question":"  ","options":["a"]}')).kind).toBe("malformed");
  });

  it("a JSON array body is malformed", () => {
    expect(detectQuestion(block('["a"]')).kind).toBe("malformed");
  });

  it("a tag mentioned inline is not a fence", () => {
    expect(detectQuestion("I could use an ```hcn-question block here but won't.").kind).toBe("none");
  });
});

describe("stripPreamble", () => {
  it("gives back exactly what was typed, for every preamble mode, and leaves other text alone", async () => {
    const { composePrompt, stripPreamble } = await import("../../../src/core/question.js");
    for (const mode of ["turn", "session", "no-escalate"] as const) {
      expect(stripPreamble(composePrompt("line one\n\nline two", mode))).toBe("line one\n\nline two");
    }
    expect(stripPreamble("just a prompt")).toBe("just a prompt");
  });
});
