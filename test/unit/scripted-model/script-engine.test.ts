import { describe, expect, it } from "vitest";
import type { Conversation } from "../../../src/scripted-model/conversation.js";
import { ruleFromMarkers } from "../../../src/scripted-model/markers.js";
import { ScriptEngine } from "../../../src/scripted-model/script-engine.js";
import { parseScript } from "../../../src/scripted-model/script-schema.js";

function conv(over: Partial<Conversation>): Conversation {
  return {
    protocol: "anthropic",
    model: "m",
    stream: true,
    lastUserText: "",
    earlierTexts: [],
    assistantTexts: [],
    toolRounds: 0,
    latestToolResults: [],
    tools: [],
    ...over,
  };
}

const script = parseScript({
  rules: [
    { name: "answer", match: { assistantSaid: "```hcn-question" }, replies: [{ text: "thanks" }] },
    {
      name: "deploy",
      match: { regex: "^deploy\\b", flags: "i" },
      replies: [{ text: "first", tools: [{ tool: "shell", command: "ls" }] }, { text: "second" }],
    },
    {
      name: "flaky",
      match: { contains: "flaky" },
      replies: [{ text: "ok", failure: { kind: "status", status: 429, retryAfter: 1 }, failTimes: 2 }],
    },
    { name: "resume", match: { contains: "again" }, replies: [{ text: "x", expect: { history: ["first question"] } }] },
    { name: "fallback", replies: [{ text: "fallback" }] },
  ],
});

describe("script engine", () => {
  it("the first rule whose match holds answers; a rule without match is the fallback", () => {
    const engine = new ScriptEngine(script);
    expect(engine.decide(conv({ lastUserText: "Deploy now" })).rule).toBe("deploy");
    expect(engine.decide(conv({ lastUserText: "something else" })).rule).toBe("fallback");
  });

  it("the reply index is the number of tool rounds since the user's message", () => {
    const engine = new ScriptEngine(script);
    const first = engine.decide(conv({ lastUserText: "deploy" }));
    expect([first.replyIndex, first.reply.text]).toEqual([0, "first"]);
    const second = engine.decide(
      conv({
        lastUserText: "deploy",
        toolRounds: 1,
        latestToolResults: [{ callId: "c1", output: "", isError: false }],
      }),
    );
    expect([second.replyIndex, second.reply.text]).toEqual([1, "second"]);
  });

  it("a reply past the end of a rule ends the turn with text saying so", () => {
    const d = new ScriptEngine(script).decide(conv({ lastUserText: "deploy", toolRounds: 5 }));
    expect(d.reply.text).toEqual([expect.stringContaining("has no reply #5")]);
  });

  it("assistantSaid matches an earlier assistant message, not the user's text", () => {
    const engine = new ScriptEngine(script);
    expect(
      engine.decide(conv({ lastUserText: "keep it", assistantTexts: ["Q?\n```hcn-question\n{}\n```"] })).rule,
    ).toBe("answer");
    expect(engine.decide(conv({ lastUserText: "```hcn-question in a preamble" })).rule).toBe("fallback");
  });

  it("failTimes fails that many times, then answers normally", () => {
    const engine = new ScriptEngine(script);
    const failing = [1, 2, 3].map(() => engine.decide(conv({ lastUserText: "flaky" })).failing);
    expect(failing).toEqual([true, true, false]);
  });

  it("a tool result for a call id the server issued passes the check; an unknown id fails it", () => {
    const engine = new ScriptEngine(script);
    engine.noteIssuedCall("toolu_1");
    const good = engine.decide(
      conv({
        lastUserText: "deploy",
        toolRounds: 1,
        latestToolResults: [{ callId: "toolu_1", output: "ok", isError: false }],
      }),
    );
    expect(good.checks).toEqual([expect.objectContaining({ name: "tool-result", ok: true })]);
    const bad = engine.decide(
      conv({
        lastUserText: "deploy",
        toolRounds: 1,
        latestToolResults: [{ callId: "forged", output: "ok", isError: false }],
      }),
    );
    expect(bad.checks).toEqual([expect.objectContaining({ name: "tool-result", ok: false })]);
  });

  it("the history check passes only when an earlier message carries the text", () => {
    const engine = new ScriptEngine(script);
    expect(engine.decide(conv({ lastUserText: "again", earlierTexts: ["my first question"] })).checks[0]).toMatchObject(
      { name: "history", ok: true },
    );
    expect(engine.decide(conv({ lastUserText: "again", earlierTexts: [] })).checks[0]).toMatchObject({
      name: "history",
      ok: false,
    });
  });

  it("inline markers override the script", () => {
    expect(new ScriptEngine(script).decide(conv({ lastUserText: "deploy [[say:hi]]" })).rule).toBe("markers");
  });
});

describe("inline markers", () => {
  it("text without markers builds no rule", () => {
    expect(ruleFromMarkers("plain text [not a marker]")).toBeNull();
  });

  it("a tool marker gives a tool reply, then a reply quoting the tool result", () => {
    const rule = ruleFromMarkers("go [[bash:echo hi]] [[say:Running.]] [[slow:5]]")!;
    expect(rule.replies[0]).toMatchObject({
      text: ["Running."],
      tools: [{ tool: "shell", command: "echo hi" }],
      delayMs: 5,
    });
    expect(rule.replies[1]!.text).toEqual(["Tool result received: {{toolResult}}"]);
  });

  it("[[fail:429]] carries a retry-after of one second unless told otherwise", () => {
    expect(ruleFromMarkers("[[fail:429]]")!.replies[0]!.failure).toEqual({
      kind: "status",
      status: 429,
      retryAfter: 1,
    });
    expect(ruleFromMarkers("[[fail:429]] [[retry-after:3]]")!.replies[0]!.failure).toEqual({
      kind: "status",
      status: 429,
      retryAfter: 3,
    });
    expect(ruleFromMarkers("[[fail:stall]]")!.replies[0]!.failure).toEqual({ kind: "stall" });
  });

  it("an unknown failure code is an error naming the marker", () => {
    expect(() => ruleFromMarkers("[[fail:418]]")).toThrow(/\[\[fail:418\]\]/);
  });

  it("[[ask:…]] builds a question with its options", () => {
    expect(ruleFromMarkers("[[ask:Which one?|a|b]]")!.replies[0]!.question).toEqual({
      question: "Which one?",
      options: ["a", "b"],
    });
  });
});
