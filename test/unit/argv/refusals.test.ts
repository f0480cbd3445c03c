/** Refusals: each names what was wrong and what would work, before anything is spawned. */
import { describe, expect, it } from "vitest";
import type { TurnRequest } from "../../../src/core/argv/types.js";
import type { RunInputs, TurnOptions } from "../../../src/core/options/types.js";
import { RefusalError } from "../../../src/core/refusal.js";
import { planners } from "../../helpers/builtin-harnesses.js";

const ID = "550e8400-e29b-41d4-a716-446655440000";

function refusalOf(
  h: keyof typeof planners,
  options: TurnOptions,
  inputs: RunInputs = {},
  prompt = "go",
  extra: Partial<TurnRequest> = {},
): RefusalError {
  try {
    planners[h]({ options, inputs: { prompt, ...inputs }, prompt, ...extra });
  } catch (e) {
    if (e instanceof RefusalError) return e;
    throw e;
  }
  throw new Error(`expected ${h} to refuse ${JSON.stringify(options)}`);
}

describe("prompt flag injection", () => {
  it("a typed prompt starting with '-' is refused on every harness, pointing at --prompt", () => {
    for (const h of ["claude", "codex", "pi", "muse", "cursor"] as const) {
      const err = refusalOf(h, {}, {}, "--dangerously-skip-permissions");
      expect(err.issue).toBe("prompt-flag-injection");
      expect(err.hint).toMatch(/--prompt/);
    }
  });
  it("an explicit '-' prompt is refused where no safe channel is verified (muse, cursor)", () => {
    for (const h of ["muse", "cursor"] as const) {
      expect(refusalOf(h, {}, { explicitPrompt: true }, "-x").issue).toBe("prompt-flag-injection");
    }
  });
  it("an empty prompt on a fresh turn is refused", () => {
    expect(refusalOf("claude", {}, {}, "").option).toBe("prompt");
  });
});

describe("values", () => {
  it("unknown effort names the ladder that applies", () => {
    const err = refusalOf("claude", { effort: "ultra" });
    expect(err.issue).toBe("unknown-effort");
    expect(err.supported).toEqual(["low", "medium", "high", "xhigh", "max"]);
    expect(err.supportedBy?.map((s) => s.harness)).toEqual(["muse"]);
  });
  it("an unknown claude model is refused with the aliases; a flag-shaped model never passes", () => {
    expect(refusalOf("claude", { model: "gpt-9" }).issue).toBe("unknown-model");
    expect(refusalOf("codex", { model: "--yolo" }).issue).toBe("invalid-option-value");
  });
  it("session ids are checked: no traversal, no flag, a UUID where the harness needs one", () => {
    expect(refusalOf("claude", {}, { resume: "not-a-uuid" }).option).toBe("resume");
    expect(refusalOf("codex", {}, { resume: "--dangerously-bypass-approvals-and-sandbox" }).option).toBe("resume");
    expect(refusalOf("codex", {}, { resume: "../../etc/passwd" }).option).toBe("resume");
    expect(refusalOf("pi", {}, { resume: "550e8400" }).option).toBe("resume"); // pi would match a PARTIAL uuid
  });
  it("env keys must be names", () => {
    expect(refusalOf("codex", {}, { env: { "A=B": "1" } }).issue).toBe("invalid-env");
  });
  it("codex context window and muse step cap are checked by their harness's schema, the refusal naming harness, key and range", () => {
    const window = refusalOf("codex", { harnessOptions: { codex: { contextWindow: 300_000 } } });
    expect(window).toMatchObject({ issue: "invalid-option-value", harness: "codex", option: "codex.contextWindow" });
    expect(window.supported).toEqual(["an integer from 1 to 272000"]);
    expect(refusalOf("muse", { harnessOptions: { muse: { maxSteps: 0 } } }).option).toBe("muse.maxSteps");
    expect(refusalOf("muse", { harnessOptions: { muse: { maxSteps: 1.5 } } }).issue).toBe("invalid-option-value");
  });

  it("a harness's own setting given to another harness, or a key its harness lacks, is refused by name", () => {
    const elsewhere = refusalOf("claude", { harnessOptions: { codex: { contextWindow: 1000 } } });
    expect(elsewhere).toMatchObject({ issue: "unsupported-option", harness: "claude", option: "codex.contextWindow" });
    expect(elsewhere.supportedBy).toEqual([{ harness: "codex", spelling: "--codex-context-window" }]);
    expect(refusalOf("codex", { harnessOptions: { codex: { window: 1 } } }).supported).toEqual([
      "contextWindow",
      "sandbox",
    ]);
  });
  it("an unknown codex sandbox mode names the setting and lists the three real ones", () => {
    const err = refusalOf("codex", { harnessOptions: { codex: { sandbox: "strict" } } });
    expect(err).toMatchObject({ issue: "invalid-option-value", option: "codex.sandbox" });
    expect(err.supported).toEqual(["one of read-only, workspace-write, danger-full-access"]);
  });
  it("a harness's setting on another harness takes the running harness's own advice for it", () => {
    const err = refusalOf("claude", { harnessOptions: { codex: { sandbox: "read-only" } } });
    expect(err.message).toMatch(/--codex-sandbox is codex's setting; this run is claude/);
    expect(err.hint).toMatch(/claude has no sandbox modes/);
    expect(refusalOf("pi", { harnessOptions: { muse: { write: false } } }).hint).toMatch(/pi has no write toggle/);
  });
});

describe("tools", () => {
  it("a bare native name is refused; native:<name> passes it through", () => {
    const err = refusalOf("claude", { tools: ["Bash"] });
    expect(err.issue).toBe("unknown-tool-name");
    expect(err.hint).toMatch(/native:Bash/);
    expect(() => planners.claude({ options: { tools: ["native:Bash"] }, inputs: {}, prompt: "go" })).not.toThrow();
  });
  it("a canonical tool with no counterpart names toolMap and native:", () => {
    const err = refusalOf("claude", { tools: ["list"] });
    expect(err.hint).toBe("add toolMap.claude.list to ~/.config/hmux/config.json or pass native:<name>");
    expect(err.supportedBy).toEqual([{ harness: "pi", spelling: "ls" }]);
  });
  it("toolMap supplies the missing counterpart", () => {
    const inv = planners.claude({
      options: { tools: ["list"], toolMap: { claude: { list: "LS" } } },
      inputs: {},
      prompt: "go",
    });
    expect(inv.argv).toContain("--allowedTools=LS");
  });
  it("--tools with --exclude-tools, and --access with either, are mutually exclusive", () => {
    expect(refusalOf("claude", { tools: ["read"], excludeTools: ["shell"] }).issue).toBe("mutually-exclusive-options");
    expect(refusalOf("pi", { access: "read", tools: ["read"] }).issue).toBe("mutually-exclusive-options");
    expect(refusalOf("codex", { access: "read", harnessOptions: { codex: { sandbox: "read-only" } } }).issue).toBe(
      "mutually-exclusive-options",
    );
  });
  it("a native name cannot smuggle a list separator or a flag", () => {
    expect(refusalOf("pi", { tools: ["native:read,bash"] }).issue).toBe("invalid-tool-grant");
    expect(refusalOf("pi", { tools: ["native:--no-tools"] }).issue).toBe("invalid-tool-grant");
  });
});

describe("harness limits", () => {
  it("muse refuses explicit memory values with a hint", () => {
    for (const memory of [true, false]) expect(refusalOf("muse", { memory }).hint).toMatch(/cannot turn its memory/);
  });
  it("codex refuses --sandbox on resume (exec resume has no --sandbox)", () => {
    const err = refusalOf("codex", { harnessOptions: { codex: { sandbox: "read-only" } } }, { resume: ID });
    expect(err).toMatchObject({ issue: "unsupported-on-resume", option: "codex.sandbox" });
  });
  it("tool-free isolation is claude-only, fresh-only, and excludes tool and discovery overrides", () => {
    expect(refusalOf("codex", { isolation: "tool-free" }).supportedBy).toEqual([
      { harness: "claude", spelling: "--bare --tools= --strict-mcp-config --disable-slash-commands" },
    ]);
    expect(refusalOf("claude", { isolation: "tool-free" }, { resume: ID }).issue).toBe("unsupported-on-resume");
    expect(refusalOf("claude", { isolation: "tool-free", access: "read" }).issue).toBe("mutually-exclusive-options");
    expect(refusalOf("claude", { isolation: "tool-free", autonomy: true }).issue).toBe("mutually-exclusive-options");
  });
  it("a discovery facet a harness cannot turn off is refused per facet", () => {
    const err = refusalOf("claude", { discovery: { instructionFiles: false } });
    expect(err.issue).toBe("unsupported-option-facet");
    expect(err.option).toBe("discovery.instructionFiles");
    expect(err.supportedBy?.map((s) => s.harness)).toEqual(["pi"]);
  });
  it("pi's --autonomy renders nothing: pi has no gate of its own, so the one-shot turn runs its tools unasked", () => {
    const inv = planners.pi({ options: { autonomy: true }, inputs: { prompt: "go" }, prompt: "go" });
    const plain = planners.pi({ options: {}, inputs: { prompt: "go" }, prompt: "go" });
    expect(inv.argv).toEqual(plain.argv);
  });
  it("--resume and --resume-last together are refused", () => {
    expect(refusalOf("claude", {}, { resume: ID, resumeLast: true }).issue).toBe("mutually-exclusive-options");
  });
  it("pi skills must be absolute paths", () => {
    expect(refusalOf("pi", { skills: ["review"] }).option).toBe("skills");
  });
});

describe("passthrough", () => {
  it("native tokens sit before hmux's -- <prompt> on claude and codex", () => {
    const inv = planners.codex({
      options: {},
      inputs: { prompt: "go", passthrough: ["--disable", "shell_tool"] },
      prompt: "go",
    });
    expect(inv.argv.slice(-4)).toEqual(["--disable", "shell_tool", "--", "go"]);
  });
  it("a second bare -- in the passthrough is refused (it would turn the prompt into an extra operand)", () => {
    expect(refusalOf("claude", {}, { passthrough: ["--", "extra"] }).option).toBe("passthrough");
  });
});
