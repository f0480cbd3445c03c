/**
 * Cursor CLI (`agent`) facts, DOC-DERIVED: the binary is not installed here and is not on a
 * registry, so every fact cites the vendor's documentation as read on 2026-11-29. Replace
 * these with probe evidence once a real capture exists.
 * - `agent -p --output-format stream-json --stream-partial-output` streams NDJSON with a
 *   system/init carrying session_id and ends with a `result` on success; on failure it exits
 *   non-zero and may end without one (output-format page).
 * - --resume [chatId] and --continue; -f/--force (alias --yolo) runs tools unasked.
 * - effort is folded into the model slug (e.g. a "-high" variant), not a separate flag.
 */
import { defineDescriptor, evidence, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { CURSOR_MATCHERS } from "./matchers.js";
import { pinned } from "./pinned.js";

const V = pinned.version;
const OUTPUT = evidence("doc", "2026-11-29", V, "https://cursor.com/docs/cli/reference/output-format");
const PARAMS = evidence("doc", "2026-11-29", V, "https://cursor.com/docs/cli/reference/parameters");
const HEADLESS = evidence("doc", "2026-11-29", V, "https://cursor.com/docs/cli/headless");
const SPEC = evidence(
  "doc",
  "2026-11-29",
  V,
  "docs/harness-facts.md#reference-option-vocabulary (cursor resume-last, trust-refused)",
);

const opt = optionFact;
const MATCHERS = descriptorMatchers(CURSOR_MATCHERS);

const UUID = { pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", flags: "" };

export const descriptor = defineDescriptor({
  name: "cursor",
  displayName: "Cursor CLI",
  binary: fact("agent", HEADLESS),
  verifiedAgainst: fact(V, OUTPUT),
  versionSource: fact({ kind: "installed-probe", command: ["agent", "--version"] }, PARAMS),
  launch: fact(
    {
      prefix: ["-p"],
      streamFlags: ["--output-format", "stream-json", "--stream-partial-output"],
      promptStyle: "last",
      stdinPrompt: null,
    },
    OUTPUT,
  ),
  resume: fact({ prefix: ["-p", "--resume", "{id}"], idShape: UUID, onMissing: "create" }, PARAMS),
  resumeLast: fact({ prefix: ["-p", "--continue"] }, PARAMS),
  sessionStore: fact(
    { dirEnv: null, homeDir: ".cursor", sessions: "chats", perCwd: { kind: "md5-hex" } },
    evidence(
      "doc",
      "2026-11-29",
      V,
      "https://jazzyalex.github.io/agent-sessions/guides/cursor-agent-local-history.html (~/.cursor/chats/<workspace-hash>/<session-id>/store.db); the hash (MD5 of the cwd) is not verified against an install here",
    ),
  ),
  sessionMode: fact(null, PARAMS),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: null,
      interactive: "pty",
      why: "stream-json is NDJSON for programs: pipes keep it clean; the interactive agent needs a terminal, so only the native pane uses the pty",
    },
    OUTPUT,
  ),
  models: fact(
    {
      flag: "--model",
      aliases: {},
      known: ["auto"],
      // The list changes server-side (`agent models`); any clean slug is passed through.
      accepts: { kind: "clean-selector" },
      nativeDefault: null,
    },
    PARAMS,
  ),
  efforts: fact(null, PARAMS),
  tools: fact({ map: {}, selection: "none", builtins: [], includeFlag: null, excludeFlag: null }, PARAMS),
  // One source: core/classify.ts SHARED_MATCHERS behind matchers.ts CURSOR_MATCHERS (descriptor-matchers.ts).
  limitMatchers: fact(MATCHERS.limit, SPEC),
  authMatchers: fact(MATCHERS.auth, PARAMS),
  autonomy: fact({ argv: ["--force"], rootEnv: {} }, PARAMS),
  memory: fact({ kind: "cannot-disable" }, PARAMS),
  stdin: fact("close", OUTPUT),
  endpoint: fact(null, PARAMS),
  capabilities: fact({ vision: false, images: false, streaming: "token" }, OUTPUT),
  options: {
    model: opt("--model", PARAMS),
    autonomy: opt("--force", PARAMS),
    discovery: opt("(all facets on: harness default)", PARAMS, {
      facets: { tools: [true], instructionFiles: [true], extensions: [true], skills: [true] },
    }),
    access: opt("(no restriction: harness default)", PARAMS, { only: ["write"] }),
    escalateQuestions: opt("prompt preamble", SPEC),
    timeoutSeconds: opt("hmux wall clock", SPEC),
    stallSeconds: opt("hmux idle budget", SPEC),
    toolMap: opt("toolMap.cursor", SPEC),
    isolate: opt("env HOME", PARAMS),
  },
  hints: fact(
    {
      effort:
        "Cursor folds effort into the model slug; pick the variant with --model (e.g. a -high slug listed by `agent models`)",
      sandbox:
        "Cursor's --sandbox takes enabled|disabled, not codex's modes; pass it through with -- --sandbox enabled",
      tools: "Cursor has no per-tool list flag; use its read-only ask mode by passing -- --mode ask",
      excludeTools: "Cursor has no per-tool list flag; use its read-only ask mode by passing -- --mode ask",
      access: "Cursor has no access preset flag; pass -- --mode ask for a read-only run",
      provider: "Cursor routes models through its own service; use --model to pick within it",
      write: "Cursor has no write toggle; pass -- --mode ask for a read-only run",
      shell: "Cursor has no shell toggle; pass -- --mode ask for a read-only run",
      maxSteps: "Cursor has no step cap flag; bound the work with --timeout",
      memory: "Cursor has no documented memory switch; run without --memory/--no-memory (hmux reports the divergence)",
      systemPrompt: "Cursor takes no system prompt flag; put the instructions in the prompt or in .cursor/rules",
      appendSystemPrompt: "Cursor takes no system prompt flag; put the instructions in the prompt or in .cursor/rules",
      skills: "Cursor has no per-call skill allowlist",
      isolation: "tool-free isolation is claude-only; on Cursor pass -- --mode ask",
      endpoint:
        "Cursor routes through its own service and documents no base-URL setting; use claude, codex or pi with --endpoint",
      contextWindow: "Cursor manages its own context window; there is no per-call flag",
      "discovery.tools": "Cursor has no tools-discovery toggle",
      "discovery.instructionFiles": "Cursor has no per-call rules toggle; move .cursor/rules away",
      "discovery.extensions": "Cursor loads MCP servers from config; leave out --approve-mcps to keep them unapproved",
      "discovery.skills": "Cursor has no skills toggle",
      prompt: "Cursor's parser is doc-derived and unverified for a leading '-': start the prompt with a word",
      resumeLast: "Cursor renders --continue",
    },
    PARAMS,
  ),
});
