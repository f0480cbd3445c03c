/**
 * Codex CLI facts at the pinned version. The scars this encodes:
 * - `codex exec` reads stdin to EOF and waits forever on an open pipe: stdin is closed.
 * - `exec resume` takes no --sandbox (help text): sandbox and access refuse on resume.
 * - a bare prompt word like "resume" or "review" would be parsed as a subcommand, so the prompt
 *   always follows `--`.
 * - no per-tool lists exist; the shell/web tools are feature switches.
 * - 0.171 has no --yolo; the bypass is --dangerously-bypass-approvals-and-sandbox.
 */
import { defineDescriptor, evidence, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { CODEX_MATCHERS } from "./matchers.js";
import { pinned } from "./pinned.js";
import type { CodexRouting } from "./routing.js";

const V = pinned.version;
const HELP = evidence("help-text", "2026-11-29", V, "docs/harness-facts.md#codex-flags (codex --help, exec --help)");
const RESUME_HELP = evidence(
  "probe",
  "2026-11-29",
  V,
  "codex exec resume --help (isolated CODEX_HOME): [SESSION_ID] [PROMPT], --last, no --sandbox",
);
const FEATURES = evidence(
  "probe",
  "2026-11-29",
  V,
  "codex features list: memories stable default false; plugins stable; shell_tool stable",
);
const LIVE = evidence(
  "probe",
  "2026-11-29",
  V,
  "docs/harness-facts.md#codex-launch, #codex-endpoint, #codex-isolation, #codex-app-server, #codex-pty, #codex-failures, #stdin",
);
const SURFACE = evidence(
  "research",
  "2026-08-18",
  "0.146.1",
  "test/unit/decode/hcn-fixtures/phase0/codex-tool-surface.md",
);
const STREAM = evidence(
  "recorded-stream",
  "2026-08-21",
  "0.147.0",
  "test/unit/decode/hcn-fixtures/harnesses/codex.ndjson",
);
const SPEC = evidence(
  "doc",
  "2026-11-29",
  V,
  "docs/harness-facts.md#reference-option-vocabulary (context window, resume-last)",
);
const INSTR = evidence(
  "recorded-stream",
  "2026-08-20",
  "0.146.1",
  "test/unit/decode/hcn-fixtures/phase8-payload-stripping/README.md (-c instructions= literal and path)",
);
const HINTS = evidence("research", "2026-08-18", "0.146.1", "test/unit/decode/hcn-fixtures/phase0/hints-confirmed.md");
const EFFORTS = evidence(
  "research",
  "2026-11-29",
  V,
  'docs/harness-facts.md#codex-launch: -c model_reasoning_effort as the reference launcher renders it, and strings of the 0.171 binary ("xhigh"); not yet live-probed',
);

const ENDPOINT_PROBE = evidence(
  "probe",
  "2026-11-29",
  V,
  "hmux's own planned invocation (--endpoint --isolate --access read) reached a 127.0.0.1 logger at POST /v1/responses with the prompt, under unshare -n",
);

const opt = optionFact;
const MATCHERS = descriptorMatchers(CODEX_MATCHERS);

export const descriptor = defineDescriptor({
  name: "codex",
  displayName: "Codex CLI",
  binary: fact("codex", HELP),
  verifiedAgainst: fact(V, HELP),
  versionSource: fact({ kind: "npm", package: "@openai/codex" }, LIVE),
  launch: fact(
    {
      prefix: ["exec"],
      streamFlags: ["--json", "--skip-git-repo-check"],
      promptStyle: "after-separator",
      stdinPrompt: null,
    },
    HELP,
  ),
  resume: fact(
    {
      prefix: ["exec", "resume", "{id}"],
      // UUID or thread name (help text); hmux keeps the generic clean-id rule.
      idShape: { pattern: "^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$", flags: "" },
      onMissing: "error",
    },
    RESUME_HELP,
  ),
  resumeLast: fact({ prefix: ["exec", "resume", "--last"] }, RESUME_HELP),
  // Rollouts are filed by date (sessions/YYYY/MM/DD/rollout-…jsonl); the cwd is recorded inside each, so no per-cwd folder.
  sessionStore: fact(
    { dirEnv: "CODEX_HOME", homeDir: ".codex", sessions: "sessions", perCwd: null },
    evidence(
      "research",
      "2026-11-29",
      V,
      "docs/harness-facts.md#codex-isolation (a hook input's transcript_path shows the rollout layout)",
    ),
  ),
  sessionMode: fact({ argv: ["app-server"], channel: "codex-app-server" }, LIVE),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: "pipe",
      interactive: "pty",
      why: "under a pty exec --json merges stderr into stdout and app-server echoes every request back as if the server sent it; plain `codex` (the TUI) refuses a non-TTY, so only the native pane uses the pty (docs/harness-facts.md#codex-pty)",
    },
    LIVE,
  ),
  models: fact(
    {
      flag: "--model",
      aliases: {},
      known: ["gpt-5.5", "gpt-5.6-sol"],
      // Codex routes to any configured provider, so any clean selector is a legitimate model.
      accepts: { kind: "clean-selector" },
      nativeDefault: null,
    },
    LIVE,
  ),
  efforts: fact(
    {
      render: { kind: "config", key: "model_reasoning_effort" },
      ladder: ["none", "minimal", "low", "medium", "high", "xhigh"],
      byModel: {},
    },
    EFFORTS,
  ),
  tools: fact({ map: {}, selection: "none", builtins: [], includeFlag: null, excludeFlag: null }, SURFACE),
  // One source: core/classify.ts SHARED_MATCHERS behind matchers.ts CODEX_MATCHERS (descriptor-matchers.ts).
  limitMatchers: fact(MATCHERS.limit, evidence("research", "2026-11-29", V, "docs/harness-facts.md#shared-matchers")),
  authMatchers: fact(MATCHERS.auth, LIVE),
  autonomy: fact({ argv: ["--dangerously-bypass-approvals-and-sandbox"], rootEnv: {} }, HELP),
  memory: fact({ kind: "argv-disable", argv: ["--disable", "memories"] }, FEATURES),
  stdin: fact("close", LIVE),
  endpoint: fact(
    { source: "argv", data: { provider: "hmux", defaultModel: "gpt-5.5" } satisfies CodexRouting },
    ENDPOINT_PROBE,
  ),
  capabilities: fact({ vision: true, images: true, streaming: "message" }, STREAM),
  options: {
    model: opt("--model", HELP),
    effort: opt("-c model_reasoning_effort", EFFORTS),
    access: opt("--sandbox read-only|workspace-write", HELP, { onResume: false }),
    autonomy: opt("--dangerously-bypass-approvals-and-sandbox", HELP),
    memory: opt("--disable memories", FEATURES),
    discovery: opt("(all facets on: harness default)", SURFACE, {
      facets: { tools: [true], instructionFiles: [true], extensions: [true], skills: [true] },
    }),
    systemPrompt: opt("-c instructions", INSTR),
    endpoint: opt("-c model_provider + model_providers.hmux.*", LIVE),
    escalateQuestions: opt("prompt preamble", SPEC),
    timeoutSeconds: opt("hmux wall clock", SPEC),
    stallSeconds: opt("hmux idle budget", SPEC),
    toolMap: opt("toolMap.codex", SPEC),
    isolate: opt("env HOME, CODEX_HOME", LIVE),
  },
  hints: fact(
    {
      tools:
        "codex has no per-tool lists; use --access read (renders --sandbox read-only) or pass -- --disable shell_tool to switch the shell tool off",
      excludeTools: "codex has no per-tool lists; pass -- --disable shell_tool, or use --sandbox read-only",
      provider:
        "codex picks its provider from config; use --model to pick within it, or --endpoint URL to route it to a compatible server",
      write: "codex has no write toggle; use --sandbox read-only so shell commands cannot write either",
      shell: "codex has no shell toggle; pass -- --disable shell_tool or use --sandbox read-only",
      maxSteps: "codex has no step cap flag; bound the work with --timeout or in the prompt",
      appendSystemPrompt:
        "codex can only replace the system prompt (--system-prompt renders -c instructions=…); put extra instructions in the prompt",
      skills: "codex discovers skills from its skills directory; there is no per-call allowlist",
      isolation: "tool-free isolation is claude-only; on codex use --sandbox read-only",
      "discovery.tools": "codex has no tools-discovery toggle; disable tool classes with -- --disable shell_tool",
      "discovery.instructionFiles": "codex always loads the AGENTS.md hierarchy; work from a directory without them",
      "discovery.extensions":
        "codex loads MCP servers and plugins from config; pass -- --disable plugins or remove the server",
      "discovery.skills": "codex discovers skills from its skills directory; move the skill files away",
      resumeLast: "codex renders exec resume --last",
    },
    HINTS,
  ),
});
