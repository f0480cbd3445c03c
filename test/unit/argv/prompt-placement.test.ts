/**
 * The reference's defect (c) cannot recur: whatever tool options are set, each harness's own
 * parser reads our prompt as the prompt. Claude is modelled by commander's rules (a variadic
 * flag in space form swallows bare tokens until the next flag or `--`; `--flag=value` does
 * not); pi is checked with its REAL parser from the pinned package.
 */
import { describe, expect, it } from "vitest";
// pi's own argument parser from the pinned package (pure function, no I/O).
import { parseArgs as piParseArgs } from "../../../node_modules/@earendil-works/pi-coding-agent/dist/cli/args.js";
import type { TurnOptions } from "../../../src/core/options/types.js";
import { planners } from "../../helpers/builtin-harnesses.js";

const { claude, codex, pi } = planners;

const CLAUDE_VARIADIC = new Set([
  "--allowedTools",
  "--allowed-tools",
  "--disallowedTools",
  "--disallowed-tools",
  "--tools",
  "--add-dir",
  "--betas",
  "--file",
  "--mcp-config",
]);
const CLAUDE_VALUED = new Set([
  "--output-format",
  "--model",
  "--effort",
  "--resume",
  "--system-prompt",
  "--append-system-prompt",
  "--setting-sources",
  "--input-format",
  "--settings",
  "--permission-mode",
]);

/** Operands claude's commander parser would see (the positional prompt is the first). */
function claudeOperands(argv: readonly string[]): string[] {
  const operands: string[] = [];
  let variadic = false;
  for (let i = 1; i < argv.length; i++) {
    const t = argv[i]!;
    if (t === "--") {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (variadic && !t.startsWith("-")) continue; // swallowed into the variadic list
    variadic = false;
    if (t.startsWith("--") && t.includes("=")) continue;
    if (CLAUDE_VARIADIC.has(t)) {
      variadic = true;
      continue;
    }
    if (CLAUDE_VALUED.has(t)) {
      i++;
      continue;
    }
    if (t.startsWith("-")) continue;
    operands.push(t);
  }
  return operands;
}

const TOOL_CASES: TurnOptions[] = [
  { access: "read" },
  { tools: ["read", "shell", "native:Bash(git *)"] },
  { excludeTools: ["shell", "write"] },
  { tools: [] },
  { discovery: { tools: false } },
  { isolation: "tool-free" },
  { access: "read", effort: "high", model: "opus", systemPrompt: "sys", memory: false },
];

describe("the prompt stays the prompt after variadic tool flags", () => {
  for (const options of TOOL_CASES) {
    it(`claude ${JSON.stringify(options)}: the only operand is the prompt`, () => {
      const prompt = "alpha beta";
      const inv = claude({ options, inputs: { prompt }, prompt });
      expect(claudeOperands(inv.argv)).toEqual([prompt]);
    });
    if (options.isolation) continue; // tool-free refuses passthrough (tested elsewhere)
    it(`claude ${JSON.stringify(options)} with native passthrough: still only the prompt`, () => {
      const prompt = "alpha";
      const inv = claude({ options, inputs: { prompt, passthrough: ["--add-dir", "/tmp/x"] }, prompt });
      expect(claudeOperands(inv.argv)).toEqual([prompt]);
    });
  }

  it("a model of the buggy layout (variadic before the prompt) is caught by this checker", () => {
    expect(
      claudeOperands(["claude", "-p", "--allowedTools", "Read", "PROMPT", "--output-format", "stream-json"]),
    ).toEqual([]);
  });

  for (const options of [
    { access: "read" },
    { tools: ["read", "shell"] },
    { excludeTools: ["shell"] },
  ] as TurnOptions[]) {
    it(`pi ${JSON.stringify(options)}: pi's own parser reads exactly our prompt`, () => {
      const prompt = "alpha beta";
      const inv = pi({ options, inputs: { prompt, passthrough: ["--unknown-ext-flag"] }, prompt });
      const parsed = piParseArgs(inv.argv.slice(1));
      expect(parsed.messages).toEqual([prompt]);
      expect(parsed.print).toBe(true);
      expect(parsed.mode).toBe("json");
    });
  }

  it("pi: a passthrough unknown flag cannot swallow the prompt (it sits after -p)", () => {
    const inv = pi({ options: {}, inputs: { prompt: "hello", passthrough: ["--plan"] }, prompt: "hello" });
    expect(piParseArgs(inv.argv.slice(1)).messages).toEqual(["hello"]);
  });
});

describe("prompts argv cannot carry go through a channel that can", () => {
  it("claude: an explicit prompt starting with '-' follows --", () => {
    const inv = claude({
      options: {},
      inputs: { prompt: "-rf is a flag", explicitPrompt: true },
      prompt: "-rf is a flag",
    });
    expect(inv.argv.slice(-2)).toEqual(["--", "-rf is a flag"]);
    expect(claudeOperands(inv.argv)).toEqual(["-rf is a flag"]);
  });
  it("claude: a prompt over 65,536 UTF-8 bytes goes to stdin with no prompt argument", () => {
    const big = "é".repeat(40_000); // 80,000 bytes, 40,000 chars
    const inv = claude({ options: {}, inputs: { prompt: big }, prompt: big });
    expect(inv.stdin).toBe("pipe");
    expect(inv.stdinData).toBe(big);
    expect(inv.argv).not.toContain("--");
    expect(inv.argv.join(" ").length).toBeLessThan(200);
  });
  it("claude: exactly 65,536 bytes still rides argv", () => {
    const edge = "a".repeat(65_536);
    expect(claude({ options: {}, inputs: { prompt: edge }, prompt: edge }).stdin).toBe("close");
  });
  it("pi: an explicit prompt starting with '-' or '@' goes to stdin (pi has no -- and @ is a file include)", () => {
    for (const prompt of ["-x marks the spot", "@README.md is a file to pi"]) {
      const inv = pi({ options: {}, inputs: { prompt, explicitPrompt: true }, prompt });
      expect(inv.stdin).toBe("pipe");
      expect(inv.stdinData).toBe(prompt);
      const parsed = piParseArgs(inv.argv.slice(1));
      expect(parsed.messages).toEqual([]);
      expect(parsed.fileArgs).toEqual([]);
    }
  });
  it("codex: a prompt that is a subcommand word stays the prompt after --", () => {
    const inv = codex({ options: {}, inputs: { prompt: "resume" }, prompt: "resume" });
    expect(inv.argv.slice(-2)).toEqual(["--", "resume"]);
  });
  it("headless turns close stdin unless they carry the prompt on it", () => {
    expect(codex({ options: {}, inputs: {}, prompt: "x" }).stdin).toBe("close");
    expect(pi({ options: {}, inputs: {}, prompt: "x" }).stdin).toBe("close");
  });
});

describe("pi's own parser reads every option we render", () => {
  it("provider, model, thinking, discovery switches, skills, prompts and the strict allowlist", () => {
    const inv = pi({
      options: {
        provider: "zai",
        model: "zai/glm-5.2",
        effort: "xhigh",
        tools: ["read", "grep"],
        discovery: { instructionFiles: false, extensions: false },
        skills: ["/s/one", "/s/two"],
        systemPrompt: "-sys",
        appendSystemPrompt: "app",
      },
      inputs: { prompt: "go" },
      prompt: "go",
    });
    const parsed = piParseArgs(inv.argv.slice(1));
    expect(parsed).toMatchObject({
      print: true,
      mode: "json",
      provider: "zai",
      model: "zai/glm-5.2",
      thinking: "xhigh",
      tools: ["read", "grep"],
      noContextFiles: true,
      noExtensions: true,
      noSkills: true,
      skills: ["/s/one", "/s/two"],
      systemPrompt: "-sys",
      appendSystemPrompt: ["app"],
      messages: ["go"],
    });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.unknownFlags.size).toBe(0);
  });
  it("resume and resume-last parse as pi's session and continue", () => {
    const id = "550e8400-e29b-41d4-a716-446655440000";
    expect(piParseArgs(pi({ options: {}, inputs: { resume: id }, prompt: "go" }).argv.slice(1))).toMatchObject({
      session: id,
      messages: ["go"],
    });
    expect(piParseArgs(pi({ options: {}, inputs: { resumeLast: true }, prompt: "go" }).argv.slice(1))).toMatchObject({
      continue: true,
      messages: ["go"],
    });
  });
  it("every pi effort word in the descriptor ladder is one pi itself accepts", async () => {
    const { isValidThinkingLevel } = await import(
      "../../../node_modules/@earendil-works/pi-coding-agent/dist/cli/args.js"
    );
    const { descriptor } = await import("../../../src/adapters/pi/descriptor.js");
    for (const level of descriptor.efforts.value!.ladder) expect(isValidThinkingLevel(level)).toBe(true);
  });
});
