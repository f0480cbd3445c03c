import { describe, expect, it } from "vitest";
import { DEFAULT_SCRIPT } from "../../../src/scripted-model/default-script.js";
import { parseScript, parseScriptText, ScriptError } from "../../../src/scripted-model/script-schema.js";

function errorOf(fn: () => unknown): ScriptError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ScriptError) return err;
    throw err;
  }
  throw new Error("expected a ScriptError");
}

describe("script schema", () => {
  it("a bad field is reported with its full path", () => {
    const err = errorOf(() =>
      parseScript({ rules: [{ name: "a", replies: [{ text: "x" }, { tools: [{ tool: "shell", command: 3 }] }] }] }),
    );
    expect(err.path).toBe("rules[0].replies[1].tools[0].command");
    expect(err.message).toContain("rules[0].replies[1].tools[0].command");
  });

  it("an unknown failure status is refused at its path", () => {
    const err = errorOf(() =>
      parseScript({ rules: [{ name: "a", replies: [{ failure: { kind: "status", status: 418 } }] }] }),
    );
    expect(err.path).toBe("rules[0].replies[0].failure.status");
  });

  it("an unknown key is refused rather than ignored", () => {
    const err = errorOf(() => parseScript({ rules: [{ name: "a", replies: [{ txt: "typo" }] }] }));
    expect(err.path).toBe("rules[0].replies[0]");
    expect(err.message).toMatch(/txt/);
  });

  it("an invalid regular expression is refused at rules[i].match.regex", () => {
    const err = errorOf(() =>
      parseScript({
        rules: [
          { name: "ok", replies: [{}] },
          { name: "b", match: { regex: "(" }, replies: [{}] },
        ],
      }),
    );
    expect(err.path).toBe("rules[1].match.regex");
  });

  it("text that is not JSON is a ScriptError naming the source", () => {
    const err = errorOf(() => parseScriptText("{ rules: ", "my.json"));
    expect(err.message).toMatch(/^my\.json: not valid JSON/);
  });

  it("a script with no rules is refused", () => {
    expect(errorOf(() => parseScript({ rules: [] })).path).toBe("rules");
  });

  it("usage numbers default when only some are given", () => {
    const script = parseScript({ rules: [{ name: "a", replies: [{ usage: { input: 100 } }] }] });
    expect(script.rules[0]!.replies[0]!.usage).toEqual({ input: 100, output: 8, cachedInput: 0 });
  });

  it("the built-in demo script reads a file, runs a shell command, then asks a question", () => {
    const demo = DEFAULT_SCRIPT.rules.find((r) => r.match === undefined)!;
    expect(demo.replies.map((r) => r.tools?.map((t) => t.tool) ?? [])).toEqual([["read"], ["shell"], []]);
    expect(demo.replies[2]!.question?.options.length).toBeGreaterThan(1);
    expect(DEFAULT_SCRIPT.rules[0]!.match?.assistantSaid).toBe("```hcn-question");
  });
});
