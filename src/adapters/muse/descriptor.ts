/**
 * Muse facts. Muse is not on a registry and is not installed here, so every fact comes from
 * the recorded `muse exec --json` streams (schema_version 1, Muse Code 0.1.0) and the
 * reference study's reading of the hcn muse descriptor at the same version. The scars:
 * - `muse exec` exits 0 when the work inside failed (decoder's concern).
 * - write/shell/web are category gates: the tools stay listed but calls are denied, so
 *   per-tool lists refuse and only the category switches render.
 * - muse cannot turn its memory tools off: explicit memory values refuse.
 * - unknown resume ids silently create a blank session (onMissing "create").
 */
import { defineDescriptor, evidence, optionFact } from "../../core/descriptor.js";
import { fact } from "../../core/evidence.js";
import { descriptorMatchers } from "../descriptor-matchers.js";
import { pinned } from "./pinned.js";

const V = pinned.version;
const STREAM = evidence(
  "recorded-stream",
  "2026-08-18",
  V,
  "test/unit/decode/hcn-fixtures/harnesses/muse.ndjson (+ muse-tool, muse-readtool)",
);
const REF = evidence(
  "research",
  "2026-11-29",
  V,
  "docs/harness-facts.md#muse-launch (reference muse descriptor, exec --json argv)",
);
const CATEGORIES = evidence("research", "2026-08-18", V, "test/unit/decode/hcn-fixtures/phase0/muse-category-flags.md");
const SPEC = evidence(
  "doc",
  "2026-11-29",
  V,
  "docs/harness-facts.md#reference-option-vocabulary (memory refuses, resume-last refuses)",
);
const HINTS = evidence("research", "2026-08-18", V, "test/unit/decode/hcn-fixtures/phase0/hints-confirmed.md");

const opt = optionFact;
const MATCHERS = descriptorMatchers();

export const descriptor = defineDescriptor({
  name: "muse",
  displayName: "Muse",
  binary: fact("muse", REF),
  verifiedAgainst: fact(V, STREAM),
  versionSource: fact({ kind: "installed-probe", command: ["muse", "--version"] }, REF),
  launch: fact({ prefix: ["exec", "--json"], streamFlags: [], promptStyle: "last", stdinPrompt: null }, REF),
  resume: fact(
    {
      prefix: ["exec", "--session-id", "{id}", "--json"],
      idShape: { pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", flags: "" },
      onMissing: "create",
    },
    REF,
  ),
  resumeLast: fact(null, SPEC),
  sessionStore: fact(null, SPEC),
  sessionMode: fact(null, REF),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: null,
      interactive: "pty",
      why: "exec --json is a JSON protocol: pipes keep it free of echo and CRLF; the pty is only for the native pane",
    },
    REF,
  ),
  models: fact(
    {
      flag: "--model",
      aliases: {},
      known: ["muse-spark-1.2-contributor", "muse-spark-1.2", "muse-spark-1.1"],
      accepts: { kind: "known-only" },
      nativeDefault: "muse-spark-1.2-contributor",
    },
    STREAM,
  ),
  efforts: fact(
    {
      render: { kind: "flag", flag: "--reasoning-effort" },
      ladder: ["none", "minimal", "low", "medium", "high", "xhigh", "ultra"],
      byModel: {},
    },
    REF,
  ),
  tools: fact(
    {
      map: {},
      selection: "categories",
      builtins: [],
      includeFlag: null,
      excludeFlag: null,
      // Categories write {write, edit}, shell {shell}, web {web-fetch, web-search}.
      categoryTools: ["write", "edit", "shell", "web-fetch", "web-search"],
    },
    CATEGORIES,
  ),
  // One source: core/classify.ts SHARED_MATCHERS; muse adds no wording of its own (descriptor-matchers.ts).
  limitMatchers: fact(MATCHERS.limit, REF),
  authMatchers: fact(MATCHERS.auth, REF),
  autonomy: fact({ argv: ["--yolo"], rootEnv: {} }, REF),
  memory: fact({ kind: "cannot-disable" }, SPEC),
  stdin: fact("close", REF),
  endpoint: fact(null, REF),
  capabilities: fact({ vision: false, images: false, streaming: "token" }, STREAM),
  options: {
    model: opt("--model", REF),
    effort: opt("--reasoning-effort", REF),
    access: opt("--disable-write --disable-shell", CATEGORIES),
    autonomy: opt("--yolo", REF),
    discovery: opt("(all facets on: harness default)", HINTS, {
      facets: { tools: [true], instructionFiles: [true], extensions: [true], skills: [true] },
    }),
    escalateQuestions: opt("prompt preamble", SPEC),
    timeoutSeconds: opt("hmux wall clock", SPEC),
    stallSeconds: opt("hmux idle budget", SPEC),
    toolMap: opt("toolMap.muse (categories)", SPEC),
    isolate: opt("env HOME", REF),
  },
  hints: fact(
    {
      tools:
        "muse gates tools by category: use --no-write, --no-shell (renders --disable-write/--disable-shell) or --access read",
      excludeTools: "muse gates tools by category: use --no-write or --no-shell",
      sandbox:
        "muse's sandbox is on by default and not selectable per call; tune exposure with --no-write, --no-shell or --access read",
      contextWindow: "muse manages its own context window; there is no per-call flag",
      provider: "muse routes models through its own API; use --model to pick within it",
      memory: "muse cannot turn its memory tools off; run without --memory/--no-memory (hmux reports the divergence)",
      systemPrompt: "muse takes no system prompt override; put the instructions in the prompt",
      appendSystemPrompt: "muse takes no system prompt addition; put the instructions in the prompt",
      skills: "muse scopes skills by workspace trust; there is no per-call allowlist",
      isolation: "tool-free isolation is claude-only; on muse use --no-write --no-shell",
      endpoint:
        "muse routes through its own API and has no documented base-URL setting; use claude, codex or pi with --endpoint",
      resumeLast: "muse has no most-recent grammar in exec; pass --resume <id> (the id from the identity event)",
      "discovery.tools": "muse has no tools-discovery toggle; gate execution with --no-write/--no-shell",
      "discovery.instructionFiles":
        "muse loads rules per workspace trust; pass -- --no-foreign-personal-context to drop foreign rules",
      "discovery.extensions": "muse has no extension toggle",
      "discovery.skills":
        "muse scopes skills by trust like rules; pass -- --no-foreign-personal-context to drop foreign skills",
      prompt: "muse's parser is unverified for a leading '-': start the prompt with a word",
    },
    HINTS,
  ),
});
