import { describe, expect, it } from "vitest";
import { readAnthropic } from "../../../src/scripted-model/anthropic.js";
import { readChat } from "../../../src/scripted-model/chat.js";
import type { Conversation } from "../../../src/scripted-model/conversation.js";
import { DEFAULT_SCRIPT } from "../../../src/scripted-model/default-script.js";
import { readResponses } from "../../../src/scripted-model/responses.js";
import { ScriptEngine } from "../../../src/scripted-model/script-engine.js";

/** One exchange, spelled by each wire: the prompt, a tool call, its output, then what follows. */
interface Exchange {
  readonly prompt: string;
  readonly output: string;
  /** The anthropic wire's error flag on the result. */
  readonly isError?: boolean;
  /** A user message after the tool output (a steer, or codex's deny reason). */
  readonly interjection?: string;
  /** The assistant answers the output with text, and then the user writes this. */
  readonly followUp?: string;
}

const WIRES: Record<string, (x: Exchange) => Conversation> = {
  anthropic: (x) =>
    readAnthropic({
      model: "m",
      messages: [
        { role: "user", content: x.prompt },
        { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Bash", input: { command: "touch f" } }] },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "c1", content: x.output, is_error: x.isError === true }],
        },
        ...(x.interjection ? [{ role: "user", content: [{ type: "text", text: x.interjection }] }] : []),
        ...(x.followUp
          ? [
              { role: "assistant", content: [{ type: "text", text: "done" }] },
              { role: "user", content: x.followUp },
            ]
          : []),
      ],
    }),
  responses: (x) =>
    readResponses({
      model: "m",
      input: [
        { type: "message", role: "user", content: [{ type: "input_text", text: x.prompt }] },
        { type: "function_call", call_id: "c1", name: "exec_command", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: x.output },
        ...(x.interjection
          ? [{ type: "message", role: "user", content: [{ type: "input_text", text: x.interjection }] }]
          : []),
        ...(x.followUp
          ? [
              { type: "message", role: "assistant", content: [{ type: "output_text", text: "done" }] },
              { type: "message", role: "user", content: [{ type: "input_text", text: x.followUp }] },
            ]
          : []),
      ],
    }),
  chat: (x) =>
    readChat({
      model: "m",
      messages: [
        { role: "user", content: x.prompt },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash" } }] },
        { role: "tool", tool_call_id: "c1", content: x.output },
        ...(x.interjection ? [{ role: "user", content: x.interjection }] : []),
        ...(x.followUp
          ? [
              { role: "assistant", content: "done" },
              { role: "user", content: x.followUp },
            ]
          : []),
      ],
    }),
};

describe.each(Object.entries(WIRES))("the %s reader", (_wire, read) => {
  it("a user message after tool output is an interjection: the prompt and the round count stay", () => {
    const conv = read({ prompt: "do the thing", output: "ok", interjection: "hmux denied that: not today" });
    expect(conv.lastUserText).toBe("do the thing");
    expect(conv.toolRounds).toBe(1);
    expect(conv.latestToolResults.map((r) => r.output)).toEqual(["ok"]);
  });

  it("a user message after the assistant's final text is a new prompt, with no rounds yet", () => {
    const conv = read({ prompt: "do the thing", output: "ok", followUp: "now something else" });
    expect(conv.lastUserText).toBe("now something else");
    expect(conv.toolRounds).toBe(0);
    expect(conv.earlierTexts).toContain("do the thing");
  });

  it("each harness's wording of a refused call reads as an error; ordinary output does not", () => {
    for (const output of [
      'exec_command failed: CreateProcess { message: "Rejected(\\"rejected by user\\")" }',
      "Blocked by hmux: no files today",
      "Tool execution was blocked",
    ])
      expect(read({ prompt: "p", output }).latestToolResults[0]?.isError).toBe(true);
    expect(read({ prompt: "p", output: "the user denied nothing; 3 files" }).latestToolResults[0]?.isError).toBe(false);
  });
});

describe.each(Object.entries(WIRES))("the %s reader, after a turn that ended at a denied call", (_wire, read) => {
  it("a user message with inline markers right after the tool output is a new prompt, with no rounds yet", () => {
    const conv = read({ prompt: "[[bash:touch x]]", output: "rejected", interjection: "[[say:next prompt]]" });
    expect(conv.lastUserText).toBe("[[say:next prompt]]");
    expect(conv.toolRounds).toBe(0);
  });
});

describe("the demo script after an error", () => {
  const engine = new ScriptEngine(DEFAULT_SCRIPT);
  const prompt = "Show me the hmux demo.";

  it("on every wire, a denied command gets the rule's onError reply: no tool call, no question", () => {
    const denials: Record<string, Exchange> = {
      anthropic: { prompt, output: "no files today", isError: true },
      responses: {
        prompt,
        output: 'exec_command failed: CreateProcess { message: "Rejected(\\"rejected by user\\")" }',
        interjection: "hmux denied the command `touch hmux-demo.txt`: no files today",
      },
      chat: { prompt, output: "Blocked by hmux: no files today" },
    };
    for (const [wire, exchange] of Object.entries(denials)) {
      const decision = engine.decide(WIRES[wire]!(exchange));
      expect(decision.onError, wire).toBe(true);
      expect(decision.reply.tools ?? [], wire).toEqual([]);
      expect(decision.reply.question, wire).toBeUndefined();
    }
  });

  it("a round without an error takes the next step of the script", () => {
    const decision = engine.decide(WIRES.chat!({ prompt, output: "# a project" }));
    expect(decision.onError).toBeUndefined();
    expect(decision.replyIndex).toBe(1);
    expect(decision.reply).toBe(DEFAULT_SCRIPT.rules.find((r) => r.name === decision.rule)?.replies[1]);
  });
});
