/**
 * Golden argv per harness for fresh, resume and resume-last turns: exact token order, so a
 * change in where a token sits (the reference's defect (c)) fails here, not in production.
 */
import { describe, expect, it } from "vitest";
import type { TurnRequest } from "../../../src/core/argv/types.js";
import { planners } from "../../helpers/builtin-harnesses.js";

/** codex's quiet overrides: part of its harness environment, in every turn and session. */
const QUIET = [
  "-c",
  "check_for_update_on_startup=false",
  "-c",
  "analytics.enabled=false",
  "-c",
  "features.plugins=false",
];

const ID = "550e8400-e29b-41d4-a716-446655440000";
const P = "[hmux question protocol] …\n\nsay hi";

function plan(h: keyof typeof planners, request: Partial<TurnRequest> & { options?: TurnRequest["options"] }) {
  return planners[h]({ options: {}, inputs: {}, prompt: P, ...request });
}

describe("golden argv: fresh turn with the profile effort", () => {
  it("claude: -p, stream flags, options, then -- and the prompt", () => {
    expect(plan("claude", { options: { effort: "medium" } }).argv).toEqual([
      "claude",
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--effort=medium",
      "--",
      P,
    ]);
  });
  it("codex: exec --json --skip-git-repo-check, -c effort, sandbox, then -- and the prompt", () => {
    expect(
      plan("codex", {
        options: {
          effort: "medium",
          memory: false,
          harnessOptions: { codex: { contextWindow: 272_000, sandbox: "workspace-write" } },
        },
      }).argv,
    ).toEqual([
      "codex",
      "exec",
      "--json",
      "--skip-git-repo-check",
      ...QUIET,
      "-c",
      'model_reasoning_effort="medium"',
      "--sandbox",
      "workspace-write",
      "-c",
      "model_context_window=272000",
      "--disable",
      "memories",
      "--",
      P,
    ]);
  });
  it("pi: the prompt right after -p, then --mode json and options", () => {
    expect(plan("pi", { options: { effort: "medium" } }).argv).toEqual([
      "pi",
      "-p",
      P,
      "--mode",
      "json",
      "--thinking",
      "medium",
    ]);
  });
  it("muse: exec --json, options, the prompt last", () => {
    expect(plan("muse", { options: { effort: "medium" } }).argv).toEqual([
      "muse",
      "exec",
      "--json",
      "--reasoning-effort",
      "medium",
      P,
    ]);
  });
  it("cursor: -p with stream-json and partial output, the prompt last", () => {
    expect(plan("cursor", { options: { model: "gpt-5.5-high" } }).argv).toEqual([
      "agent",
      "-p",
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      "--model",
      "gpt-5.5-high",
      P,
    ]);
  });
});

describe("golden argv: resume by id", () => {
  it("claude: -p --resume <id>", () => {
    expect(plan("claude", { inputs: { resume: ID } }).argv).toEqual([
      "claude",
      "-p",
      "--resume",
      ID,
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--",
      P,
    ]);
  });
  it("codex: exec resume <id>", () => {
    expect(plan("codex", { inputs: { resume: ID } }).argv).toEqual([
      "codex",
      "exec",
      "resume",
      ID,
      "--json",
      "--skip-git-repo-check",
      ...QUIET,
      "--",
      P,
    ]);
  });
  it("pi 0.73.1: --session <id> -p (there is no --session-id)", () => {
    expect(plan("pi", { inputs: { resume: ID } }).argv).toEqual(["pi", "--session", ID, "-p", P, "--mode", "json"]);
  });
  it("muse: exec --session-id <id> --json", () => {
    expect(plan("muse", { inputs: { resume: ID } }).argv).toEqual(["muse", "exec", "--session-id", ID, "--json", P]);
  });
  it("cursor: -p --resume <id>", () => {
    expect(plan("cursor", { inputs: { resume: ID } }).argv).toEqual([
      "agent",
      "-p",
      "--resume",
      ID,
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      P,
    ]);
  });
});

describe("golden argv: resume-last through each harness's own grammar", () => {
  it("claude: --continue --fork-session", () => {
    expect(plan("claude", { inputs: { resumeLast: true } }).argv).toEqual([
      "claude",
      "-p",
      "--continue",
      "--fork-session",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--",
      P,
    ]);
  });
  it("codex: exec resume --last", () => {
    expect(plan("codex", { inputs: { resumeLast: true } }).argv).toEqual([
      "codex",
      "exec",
      "resume",
      "--last",
      "--json",
      "--skip-git-repo-check",
      ...QUIET,
      "--",
      P,
    ]);
  });
  it("pi: --continue -p", () => {
    expect(plan("pi", { inputs: { resumeLast: true } }).argv).toEqual(["pi", "--continue", "-p", P, "--mode", "json"]);
  });
  it("cursor: -p --continue", () => {
    expect(plan("cursor", { inputs: { resumeLast: true } }).argv).toEqual([
      "agent",
      "-p",
      "--continue",
      "--output-format",
      "stream-json",
      "--stream-partial-output",
      P,
    ]);
  });
  it("muse refuses resume-last, naming the harnesses that have it", () => {
    let err: unknown;
    try {
      plan("muse", { inputs: { resumeLast: true } });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ issue: "unsupported-option", option: "resumeLast" });
    expect((err as { supportedBy: { harness: string }[] }).supportedBy.map((s) => s.harness)).toEqual([
      "claude",
      "codex",
      "pi",
      "cursor",
    ]);
  });
});

describe("golden argv: options that render", () => {
  it("claude: model, autonomy, memory env, discovery, prompts, and the exact tool set as deny complement last", () => {
    const inv = plan("claude", {
      options: {
        model: "opus",
        autonomy: true,
        memory: false,
        discovery: { skills: false, extensions: false },
        systemPrompt: "-be terse",
        appendSystemPrompt: "extra",
        tools: ["read", "shell"],
      },
      host: { isRoot: true },
    });
    expect(inv.argv).toEqual([
      "claude",
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--model",
      "opus",
      "--dangerously-skip-permissions",
      "--setting-sources=project",
      "--disable-slash-commands",
      "--system-prompt=-be terse",
      "--append-system-prompt=extra",
      "--tools=Read,Bash",
      "--allowedTools=Read,Bash",
      "--disallowedTools=Task,CronCreate,CronDelete,CronList,DesignSync,Edit,EnterWorktree,ExitWorktree,Glob,Grep,ListAgents,Monitor,NotebookEdit,ReportFindings,ScheduleWakeup,SendMessage,Skill,TaskCreate,TaskGet,TaskList,TaskOutput,TaskStop,TaskUpdate,ToolSearch,WebFetch,WebSearch,Workflow,Write",
      "--",
      P,
    ]);
    expect(inv.env).toEqual({ IS_SANDBOX: "1", CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" });
  });
  it("claude: --isolation tool-free renders bare mode with no tools and no MCP", () => {
    expect(plan("claude", { options: { isolation: "tool-free" } }).argv).toEqual([
      "claude",
      "-p",
      "--output-format",
      "stream-json",
      "--verbose",
      "--include-partial-messages",
      "--bare",
      "--tools=",
      "--strict-mcp-config",
      "--disable-slash-commands",
      "--",
      P,
    ]);
  });
  it("pi: provider, model, strict allowlist, discovery switches and skills", () => {
    expect(
      plan("pi", {
        options: {
          provider: "zai",
          model: "zai/glm-5.2",
          effort: "high",
          tools: ["read", "shell", "glob"],
          discovery: { instructionFiles: false, extensions: false },
          skills: ["/skills/review"],
        },
      }).argv,
    ).toEqual([
      "pi",
      "-p",
      P,
      "--mode",
      "json",
      "--provider",
      "zai",
      "--model",
      "zai/glm-5.2",
      "--thinking",
      "high",
      "--no-context-files",
      "--no-extensions",
      "--no-skills",
      "--skill",
      "/skills/review",
      "--tools",
      "read,bash,find",
      "--no-mcp",
    ]);
  });
  it("pi: --exclude-tools renders the remaining built-ins, a form 0.73.1 and 1.6.0 both parse", () => {
    expect(plan("pi", { options: { excludeTools: ["shell", "write"] } }).argv.slice(-3)).toEqual([
      "--tools",
      "read,edit,grep,find,ls",
      "--no-mcp",
    ]);
  });
  it("pi: every restricted tool set also turns MCP off (1.6.0's --tools keeps MCP tools)", () => {
    for (const options of [
      { tools: ["read"] },
      { tools: [] },
      { access: "read" as const },
      { excludeTools: ["shell"] },
    ])
      expect(plan("pi", { options }).argv).toContain("--no-mcp");
    expect(plan("pi", { options: {} }).argv).not.toContain("--no-mcp");
  });
  it("pi: --provider without --model is refused before spawn (1.6.0 exits on it)", () => {
    expect(() => plan("pi", { options: { provider: "zai" } })).toThrow(/needs --model with --provider/);
  });
  it("muse: category gates, step cap and --yolo", () => {
    expect(
      plan("muse", {
        options: { autonomy: true, harnessOptions: { muse: { write: false, shell: false, maxSteps: 50 } } },
      }).argv,
    ).toEqual(["muse", "exec", "--json", "--disable-write", "--disable-shell", "--max-model-steps", "50", "--yolo", P]);
  });
  it("codex: autonomy, system prompt as a TOML string", () => {
    expect(plan("codex", { options: { autonomy: true, systemPrompt: 'say "ok"\nnow' } }).argv).toEqual([
      "codex",
      "exec",
      "--json",
      "--skip-git-repo-check",
      ...QUIET,
      "--dangerously-bypass-approvals-and-sandbox",
      "-c",
      'instructions="say \\"ok\\"\\nnow"',
      "--",
      P,
    ]);
  });
});

describe("--access presets", () => {
  it("read on claude: built-ins limited, preset grant + deny complement, after every other flag and before -- <prompt>", () => {
    const argv = plan("claude", { options: { access: "read", effort: "low" } }).argv;
    expect(argv.slice(-5, -2)).toEqual([
      "--tools=Read,Grep,Glob,WebFetch,WebSearch",
      "--allowedTools=Read,Grep,Glob,WebFetch,WebSearch",
      "--disallowedTools=Task,Bash,CronCreate,CronDelete,CronList,DesignSync,Edit,EnterWorktree,ExitWorktree,ListAgents,Monitor,NotebookEdit,ReportFindings,ScheduleWakeup,SendMessage,Skill,TaskCreate,TaskGet,TaskList,TaskOutput,TaskStop,TaskUpdate,ToolSearch,Workflow,Write",
    ]);
    expect(argv.slice(-2)).toEqual(["--", P]);
  });
  it("claude: an exact set limits the built-ins with --tools, so a built-in newer than the deny list is not there", () => {
    const argv = plan("claude", { options: { tools: ["read", "native:Bash(git *)", "native:mcp__files__read"] } }).argv;
    expect(argv).toContain("--tools=Read,Bash");
    expect(argv).toContain("--allowedTools=Read,Bash(git *),mcp__files__read");
  });
  it("read on pi: --tools read,grep,find,ls --no-mcp (toolMap adds web-search)", () => {
    expect(plan("pi", { options: { access: "read" } }).argv.slice(-3)).toEqual([
      "--tools",
      "read,grep,find,ls",
      "--no-mcp",
    ]);
    expect(
      plan("pi", { options: { access: "read", toolMap: { pi: { "web-search": "web_search" } } } }).argv.slice(-3),
    ).toEqual(["--tools", "read,grep,find,ls,web_search", "--no-mcp"]);
  });
  it("codex: read → --sandbox read-only, write → --sandbox workspace-write", () => {
    expect(plan("codex", { options: { access: "read" } }).argv).toContain("read-only");
    expect(plan("codex", { options: { access: "write" } }).argv).toContain("workspace-write");
  });
  it("muse: read → --disable-write --disable-shell; write renders nothing", () => {
    expect(plan("muse", { options: { access: "read" } }).argv).toEqual([
      "muse",
      "exec",
      "--json",
      "--disable-write",
      "--disable-shell",
      P,
    ]);
    expect(plan("muse", { options: { access: "write" } }).argv).toEqual(["muse", "exec", "--json", P]);
  });
});
