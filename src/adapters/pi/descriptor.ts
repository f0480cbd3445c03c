/**
 * pi facts at the pinned version (1.6.0, read from its own arg parser and help; first established
 * on 0.73.1, whose forms hmux keeps because both versions parse them). The scars this encodes:
 * - resume is `--session <id>` (which also matches a PARTIAL uuid, so hmux demands a full one);
 *   0.73.1 has no --session-id and no --exclude-tools, so an exclude list is rendered as the strict
 *   allowlist of the remaining built-ins, and 1.x's --tools keeps MCP tools, so it goes with --no-mcp.
 * - 0.73.1's parser has no `--` separator, an unknown `--flag` swallows the next bare token, and an
 *   `@word` argument is a file include: the prompt sits right after `-p` (which consumes it
 *   first), and a prompt starting with `-` or `@` is sent on stdin, which -p mode reads.
 * - 1.x reads --provider only to narrow --model, and exits on it alone.
 * - `--mode json` exits 0 on every provider error (decoder's concern).
 * - pi has no permission system: tools run unasked, so there is no bypass to render.
 */
import { defineDescriptor, evidence, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { PI_MATCHERS } from "./matchers.js";
import { pinned } from "./pinned.js";
import type { PiRouting } from "./routing.js";

const V = pinned.version;
/** The day every fact below that names V was re-checked on V (docs/harness-facts.md#pi-re-probe). */
const REPROBED = "2026-12-01";
const HELP = evidence(
  "help-text",
  REPROBED,
  V,
  "docs/harness-facts.md#pi-flags (pi --help); re-probed: docs/harness-facts.md#pi-re-probe",
);
const PARSER = evidence(
  "probe",
  REPROBED,
  V,
  "node_modules/@earendil-works/pi-coding-agent/dist/cli/args.js (parseArgs) and cli/initial-message.js (stdin joins the prompt); re-probed: docs/harness-facts.md#pi-re-probe",
);
const LIVE = evidence(
  "probe",
  REPROBED,
  V,
  "docs/harness-facts.md#pi-launch, #pi-endpoint, #pi-rpc, #pi-approvals, #pi-pty, #stdin; re-probed: docs/harness-facts.md#pi-re-probe",
);
const RESUME_PROBE = evidence(
  "probe",
  REPROBED,
  V,
  "`pi --session <unknown uuid> -p …` prints \"No session found matching '<id>'\" (no blank session is created); re-probed: docs/harness-facts.md#pi-re-probe",
);
const STREAM = evidence("recorded-stream", "2026-08-17", "0.84.2", "test/unit/decode/hcn-fixtures/harnesses/pi.ndjson");
const SPEC = evidence(
  "doc",
  REPROBED,
  V,
  "docs/harness-facts.md#reference-option-vocabulary (strict allowlist, memory, resume-last); re-probed: docs/harness-facts.md#pi-re-probe",
);
const HINTS = evidence("research", "2026-08-18", "0.84.2", "test/unit/decode/hcn-fixtures/phase0/hints-confirmed.md");

const ENDPOINT_PROBE = evidence(
  "probe",
  REPROBED,
  V,
  "hmux's own planned invocation (--endpoint --isolate --access read) reached a 127.0.0.1 logger at POST /v1/chat/completions with the prompt, under unshare -n; re-probed: docs/harness-facts.md#pi-re-probe",
);

const opt = optionFact;
const MATCHERS = descriptorMatchers(PI_MATCHERS);

export const descriptor = defineDescriptor({
  name: "pi",
  displayName: "pi",
  binary: fact("pi", HELP),
  verifiedAgainst: fact(V, HELP),
  versionSource: fact({ kind: "npm", package: "@earendil-works/pi-coding-agent" }, LIVE),
  launch: fact(
    {
      prefix: ["-p"],
      streamFlags: ["--mode", "json"],
      promptStyle: "after-print-flag",
      stdinPrompt: { leadingChars: "-@" },
    },
    PARSER,
  ),
  resume: fact(
    {
      prefix: ["--session", "{id}", "-p"],
      idShape: { pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", flags: "" },
      onMissing: "error",
    },
    RESUME_PROBE,
  ),
  resumeLast: fact({ prefix: ["--continue", "-p"] }, HELP),
  sessionStore: fact(
    {
      dirEnv: "PI_CODING_AGENT_DIR",
      homeDir: ".pi/agent",
      sessions: "sessions",
      perCwd: { kind: "double-dash-wrapped" },
    },
    evidence(
      "probe",
      REPROBED,
      V,
      "dist/core/session-manager.js getDefaultSessionDir: <agentDir>/sessions/--<cwd, / \\ : as ->--; an --isolate run on the scripted model filed sessions/--tmp-hprobe--/<time>_<id>.jsonl; re-probed: docs/harness-facts.md#pi-re-probe",
    ),
  ),
  sessionMode: fact({ argv: ["--mode", "rpc"], channel: "pi-rpc" }, LIVE),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: "pipe",
      interactive: "pty",
      why: "a pty echoes every rpc command back as valid JSON and its canonical mode cuts input lines at 4095 bytes (a 6000-byte prompt failed to parse); pipes carry both intact (docs/harness-facts.md#pi-pty)",
    },
    LIVE,
  ),
  models: fact(
    {
      flag: "--model",
      aliases: {},
      known: [],
      // "provider/id" and ":<thinking>" patterns over any configured provider.
      accepts: { kind: "clean-selector" },
      nativeDefault: null,
    },
    HELP,
  ),
  efforts: fact(
    {
      render: { kind: "flag", flag: "--thinking" },
      // 1.6.0 adds max ("Valid values: off, minimal, low, medium, high, xhigh, max").
      ladder: ["off", "minimal", "low", "medium", "high", "xhigh", "max"],
      byModel: {},
    },
    PARSER,
  ),
  tools: fact(
    {
      map: { read: "read", write: "write", edit: "edit", shell: "bash", grep: "grep", glob: "find", list: "ls" },
      selection: "strict-allowlist",
      builtins: ["read", "bash", "edit", "write", "grep", "find", "ls"],
      includeFlag: "--tools",
      excludeFlag: null,
    },
    HELP,
  ),
  // One source: core/classify.ts SHARED_MATCHERS behind matchers.ts PI_MATCHERS (descriptor-matchers.ts).
  limitMatchers: fact(
    MATCHERS.limit,
    evidence(
      "research",
      REPROBED,
      V,
      "docs/harness-facts.md#shared-matchers; re-probed: docs/harness-facts.md#pi-re-probe",
    ),
  ),
  authMatchers: fact(
    MATCHERS.auth,
    evidence(
      "recorded-stream",
      "2026-08-17",
      "0.84.2",
      "test/unit/decode/hcn-fixtures/harnesses/pi-noauth.stderr; docs/harness-facts.md#pi-failures",
    ),
  ),
  autonomy: fact(null, LIVE),
  memory: fact({ kind: "no-built-in-memory" }, SPEC),
  stdin: fact("close", LIVE),
  endpoint: fact(
    {
      source: "state-dir",
      data: { provider: "hmux", api: "openai-completions", defaultModel: "hmux-model" } satisfies PiRouting,
    },
    ENDPOINT_PROBE,
  ),
  capabilities: fact({ vision: false, images: false, streaming: "token" }, STREAM),
  options: {
    model: opt("--model", HELP),
    effort: opt("--thinking", HELP),
    provider: opt("--provider (with --model)", HELP),
    tools: opt("--tools --no-mcp (strict allowlist)", HELP),
    excludeTools: opt("--tools <complement> --no-mcp (a form 0.73.1 parses too; 1.6.0 also has --exclude-tools)", HELP),
    access: opt("--tools read,grep,find,ls --no-mcp", HELP),
    // Without it hmux gates pi's calls through the rpc session's gate extension; with it the one-shot turn runs them unasked.
    autonomy: opt("(no permission system of its own: hmux gates each call unless --autonomy)", LIVE),
    memory: opt("(no built-in memory)", SPEC),
    discovery: opt("-nt / -nc / -ne / -ns", HELP, {
      facets: { tools: "any", instructionFiles: "any", extensions: "any", skills: "any" },
    }),
    systemPrompt: opt("--system-prompt", HELP),
    appendSystemPrompt: opt("--append-system-prompt", HELP),
    skills: opt("-ns --skill <path>", HELP),
    endpoint: opt("models.json provider in PI_CODING_AGENT_DIR", LIVE),
    escalateQuestions: opt("prompt preamble", SPEC),
    timeoutSeconds: opt("hmux wall clock", SPEC),
    stallSeconds: opt("hmux idle budget", SPEC),
    toolMap: opt("toolMap.pi", SPEC),
    isolate: opt("env HOME, PI_CODING_AGENT_DIR", LIVE),
  },
  hints: fact(
    {
      sandbox:
        "pi has no sandbox dimension; grant a minimal tool set (--access read renders --tools read,grep,find,ls) or sandbox the process yourself",
      contextWindow: "pi sizes context from its model registry; there is no per-call flag",
      write: "pi has no write toggle; use --exclude-tools write,edit or --access read",
      shell: "pi has no shell toggle; use --exclude-tools shell (renders a --tools list without bash)",
      maxSteps: "pi has no step cap flag; bound the work in the prompt or use --timeout",
      isolation: "tool-free isolation is claude-only; on pi use --no-tools (-nt) with --no-context-files (-nc)",
      resumeLast: "pi renders --continue",
    },
    HINTS,
  ),
});
