/**
 * Claude Code facts at the pinned version. The scars this encodes:
 * - --allowedTools/--disallowedTools/--tools are variadic and swallow following tokens, so hmux
 *   renders them as `--flag=value` and puts the prompt last after `--` (docs/harness-facts.md#claude-launch).
 * - --allowedTools is a grant, not a filter: an exact tool set is a deny of the complement.
 * - --dangerously-skip-permissions exits 1 as root unless IS_SANDBOX=1.
 * - provider failures end as result subtype "success" with is_error:true (decoder's concern).
 */
import { defineDescriptor, evidence, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { CLAUDE_MATCHERS } from "./matchers.js";
import { pinned } from "./pinned.js";
import type { ClaudeRouting } from "./routing.js";

const V = pinned.version;
/** The day every fact below that names V was re-checked on V (docs/harness-facts.md#claude-re-probe). */
const REPROBED = "2026-12-01";
const HELP = evidence(
  "help-text",
  REPROBED,
  V,
  "docs/harness-facts.md#claude-flags (claude --help); re-probed: docs/harness-facts.md#claude-re-probe",
);
/** Loopback probe: a 127.0.0.1 server logged the request bodies claude sent (unshare -n). */
const PROBE = evidence(
  "probe",
  REPROBED,
  V,
  'loopback request capture: `--allowedTools=Read,Grep --disallowedTools=Bash,Write "P"`, `-- "-P"`, stdin prompt and `--tools=` each delivered the prompt; tool lists matched; `--system-prompt=-X`, `--append-system-prompt=`, `--effort=low`, `--setting-sources=project`, `--model opus` (→ claude-opus-4-8 on 2.1.197, claude-opus-5-5 on 2.1.332) reached the request; `--bare --tools= --strict-mcp-config` sent 0 tools; re-probed: docs/harness-facts.md#claude-re-probe',
);
const LIVE = evidence(
  "probe",
  REPROBED,
  V,
  "docs/harness-facts.md#claude-launch, #claude-endpoint, #claude-isolation, #claude-control-protocol, #claude-pty, #stdin; re-probed: docs/harness-facts.md#claude-re-probe",
);
const INTERPLAY = evidence(
  "research",
  "2026-08-18",
  "2.1.233",
  "test/unit/decode/hcn-fixtures/phase0/claude-tool-interplay.md",
);
const STREAM = evidence(
  "recorded-stream",
  "2026-08-21",
  "2.1.238",
  "test/unit/decode/hcn-fixtures/harnesses/claude.ndjson",
);
const SPEC = evidence(
  "doc",
  REPROBED,
  V,
  "docs/harness-facts.md#reference-option-vocabulary (memory, resume-last, large prompts); re-probed: docs/harness-facts.md#claude-re-probe",
);
const HINTS = evidence("research", "2026-08-18", "2.1.233", "test/unit/decode/hcn-fixtures/phase0/hints-confirmed.md");

const ENDPOINT_PROBE = evidence(
  "probe",
  REPROBED,
  V,
  "hmux's own planned invocation (--endpoint --isolate --access read) reached a 127.0.0.1 logger at POST /v1/messages with the prompt, under unshare -n; re-probed: docs/harness-facts.md#claude-re-probe",
);

const opt = optionFact;
const MATCHERS = descriptorMatchers(CLAUDE_MATCHERS);

/**
 * Built-in tools listed by system/init at 2.1.197 and at 2.1.332 (the recorded streams in
 * test/unit/decode/captures/claude-*; DesignSync seen in a 2.1.332 probe, 2026-12-01), plus Glob/Grep
 * which a grant adds. The union: denying a name a version lacks is harmless (probed on 2.1.332).
 */
const BUILTINS = [
  "Task",
  "Bash",
  "CronCreate",
  "CronDelete",
  "CronList",
  "DesignSync",
  "Edit",
  "EnterWorktree",
  "ExitWorktree",
  "Glob",
  "Grep",
  "ListAgents",
  "Monitor",
  "NotebookEdit",
  "Read",
  "ReportFindings",
  "ScheduleWakeup",
  "SendMessage",
  "Skill",
  "TaskCreate",
  "TaskGet",
  "TaskList",
  "TaskOutput",
  "TaskStop",
  "TaskUpdate",
  "ToolSearch",
  "WebFetch",
  "WebSearch",
  "Workflow",
  "Write",
];

export const descriptor = defineDescriptor({
  name: "claude",
  displayName: "Claude Code",
  binary: fact("claude", HELP),
  verifiedAgainst: fact(V, HELP),
  versionSource: fact({ kind: "npm", package: "@anthropic-ai/claude-code" }, LIVE),
  launch: fact(
    {
      prefix: ["-p"],
      streamFlags: ["--output-format", "stream-json", "--verbose", "--include-partial-messages"],
      promptStyle: "after-separator",
      // Argument limits: prompts over 64 KiB ride print-mode stdin (docs/harness-facts.md#reference-option-vocabulary; probe: stdin prompt works).
      stdinPrompt: { overBytes: 65_536 },
    },
    PROBE,
  ),
  resume: fact(
    {
      prefix: ["-p", "--resume", "{id}"],
      idShape: { pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", flags: "" },
      onMissing: "error",
    },
    HELP,
  ),
  // --fork-session so the most-recent pick never appends to a stranger's transcript in place.
  resumeLast: fact({ prefix: ["-p", "--continue", "--fork-session"] }, HELP),
  sessionStore: fact(
    {
      dirEnv: "CLAUDE_CONFIG_DIR",
      homeDir: ".claude",
      sessions: "projects",
      perCwd: { kind: "non-alphanumeric-to-dash", maxLength: 200 },
    },
    evidence(
      "probe",
      REPROBED,
      V,
      '2.1.197 binary: projects = join(configDir, "projects"), folder = cwd.replace(/[^a-zA-Z0-9]/g, "-") cut at 200 + "-" + base-36 hash; an --isolate run on the scripted model filed projects/-tmp-hprobe/<id>.jsonl under CLAUDE_CONFIG_DIR; re-probed: docs/harness-facts.md#claude-re-probe',
    ),
  ),
  sessionMode: fact(
    {
      argv: [
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--include-partial-messages",
        "--permission-prompt-tool",
        "stdio",
      ],
      channel: "claude-stream-json",
    },
    LIVE,
  ),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: "pipe",
      interactive: "pty",
      why: "stream-json input refuses a TTY and a pty adds CRLF plus a terminal-reset trailer line; pipes keep JSON clean (docs/harness-facts.md#claude-pty)",
    },
    LIVE,
  ),
  models: fact(
    {
      flag: "--model",
      aliases: { opus: "opus", sonnet: "sonnet", haiku: "haiku", fable: "fable" },
      // 2.1.332's aliases resolve to the first three (request bodies, 2026-12-01); 2.1.197's to the last two.
      known: ["claude-opus-5-5", "claude-sonnet-5-5", "claude-fable-5-2", "claude-opus-4-8", "claude-fable-5"],
      accepts: { kind: "known-or-pattern", pattern: { pattern: "^claude-[a-z0-9][a-z0-9.-]*(\\[1m\\])?$", flags: "" } },
      nativeDefault: "claude-opus-5-5",
    },
    PROBE,
  ),
  efforts: fact(
    {
      render: { kind: "flag", flag: "--effort" },
      ladder: ["low", "medium", "high", "xhigh", "max"],
      byModel: {},
    },
    HELP,
  ),
  tools: fact(
    {
      map: {
        read: "Read",
        write: "Write",
        edit: "Edit",
        shell: "Bash",
        grep: "Grep",
        glob: "Glob",
        "web-fetch": "WebFetch",
        "web-search": "WebSearch",
        subagent: "Task",
        skill: "Skill",
      },
      selection: "deny-complement",
      builtins: BUILTINS,
      includeFlag: "--allowedTools",
      excludeFlag: "--disallowedTools",
    },
    INTERPLAY,
  ),
  // One source: core/classify.ts SHARED_MATCHERS behind matchers.ts CLAUDE_MATCHERS (descriptor-matchers.ts).
  limitMatchers: fact(
    MATCHERS.limit,
    evidence(
      "research",
      REPROBED,
      V,
      "docs/harness-facts.md#shared-matchers, #claude-failures; credit wording from the 2.1.197 binary; re-probed: docs/harness-facts.md#claude-re-probe",
    ),
  ),
  authMatchers: fact(
    MATCHERS.auth,
    evidence(
      "research",
      REPROBED,
      V,
      "docs/harness-facts.md#shared-matchers, #claude-failures; login/OAuth wording from the 2.1.197 binary; re-probed: docs/harness-facts.md#claude-re-probe",
    ),
  ),
  autonomy: fact({ argv: ["--dangerously-skip-permissions"], rootEnv: { IS_SANDBOX: "1" } }, LIVE),
  memory: fact({ kind: "env-disable", env: { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" } }, SPEC),
  stdin: fact("close", LIVE),
  endpoint: fact({ source: "env", data: { baseUrlEnv: "ANTHROPIC_BASE_URL" } satisfies ClaudeRouting }, ENDPOINT_PROBE),
  capabilities: fact({ vision: true, images: false, streaming: "token" }, STREAM),
  options: {
    model: opt("--model", HELP),
    effort: opt("--effort", HELP),
    tools: opt("--allowedTools + --disallowedTools (deny complement)", INTERPLAY),
    excludeTools: opt("--disallowedTools", INTERPLAY),
    access: opt("--allowedTools/--disallowedTools preset", INTERPLAY),
    autonomy: opt("--dangerously-skip-permissions", HELP),
    memory: opt("env CLAUDE_CODE_DISABLE_AUTO_MEMORY=1", SPEC),
    discovery: opt("--tools= / --setting-sources project / --disable-slash-commands", HELP, {
      facets: { tools: "any", instructionFiles: [true], extensions: "any", skills: "any" },
    }),
    systemPrompt: opt("--system-prompt", HELP),
    appendSystemPrompt: opt("--append-system-prompt", HELP),
    isolation: opt("--bare --tools= --strict-mcp-config --disable-slash-commands", PROBE, { onResume: false }),
    endpoint: opt("env ANTHROPIC_BASE_URL", LIVE),
    escalateQuestions: opt("prompt preamble", SPEC),
    timeoutSeconds: opt("hmux wall clock", SPEC),
    stallSeconds: opt("hmux idle budget", SPEC),
    toolMap: opt("toolMap.claude", SPEC),
    isolate: opt("env HOME, CLAUDE_CONFIG_DIR", LIVE),
  },
  hints: fact(
    {
      sandbox:
        "claude has no sandbox modes; approximate with --tools (an exact tool set) or --exclude-tools shell, and run untrusted work in a disposable directory or container",
      contextWindow: "claude manages its own context window; there is no per-call size flag",
      provider:
        "claude routes models through Anthropic only; use --model to pick within it, or --endpoint URL to point it at a compatible gateway",
      write: "claude has no write toggle; keep writing out with --exclude-tools write,edit or --access read",
      shell: "claude has no shell toggle; use --exclude-tools shell (renders --disallowedTools=Bash)",
      maxSteps: "claude has no step cap flag; bound the work in the prompt or use --timeout",
      skills:
        "claude 2.1.197 has no per-call skill allowlist; --no-skills (--disable-slash-commands) turns all skills off",
      "discovery.instructionFiles":
        "claude has no instruction-file toggle on its own; --isolation tool-free (bare mode) skips CLAUDE.md discovery",
      resumeLast: "claude renders --continue --fork-session",
    },
    HINTS,
  ),
});
