/**
 * mimic's facts. Its CLI is the script beside this file, so every fact's evidence is that
 * script: what it accepts and prints is the whole truth about it.
 */
import { descriptorMatchers } from "../../../src/adapters/descriptor-matchers.js";
import { defineDescriptor, evidence, optionFact } from "../../../src/core/descriptor.js";
import { fact } from "../../../src/core/evidence.js";

export const MIMIC_VERSION = "1.0.0";
const SCRIPT = evidence(
  "doc",
  "2026-12-01",
  MIMIC_VERSION,
  "test/support/fake-harness/mimic-cli.mjs (the fake CLI itself: its header states its argv and stream)",
);
const MATCHERS = descriptorMatchers();
const UUID = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

export const descriptor = defineDescriptor({
  name: "mimic",
  displayName: "Mimic (a test's fake CLI)",
  binary: fact("mimic", SCRIPT),
  verifiedAgainst: fact(MIMIC_VERSION, SCRIPT),
  versionSource: fact({ kind: "installed-probe", command: ["mimic", "--version"] }, SCRIPT),
  launch: fact(
    {
      prefix: ["-p"],
      streamFlags: ["--output-format", "stream-json", "--verbose"],
      promptStyle: "after-separator",
      stdinPrompt: null,
    },
    SCRIPT,
  ),
  resume: fact(
    { prefix: ["-p", "--resume", "{id}"], idShape: { pattern: UUID, flags: "" }, onMissing: "error" },
    SCRIPT,
  ),
  resumeLast: fact(null, SCRIPT),
  sessionStore: fact(null, SCRIPT),
  sessionMode: fact(
    {
      argv: [
        "-p",
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        "--permission-prompt-tool",
        "stdio",
      ],
      channel: "claude-stream-json",
    },
    SCRIPT,
  ),
  transport: fact(
    {
      headlessTurn: "pipe",
      session: "pipe",
      interactive: "pty",
      why: "a JSON protocol on pipes, like the CLI it mimics",
    },
    SCRIPT,
  ),
  models: fact(
    { flag: "--model", aliases: {}, known: ["mimic-1"], accepts: { kind: "known-only" }, nativeDefault: "mimic-1" },
    SCRIPT,
  ),
  efforts: fact(null, SCRIPT),
  tools: fact(
    { map: { shell: "Bash" }, selection: "none", builtins: ["Bash"], includeFlag: null, excludeFlag: null },
    SCRIPT,
  ),
  limitMatchers: fact(MATCHERS.limit, SCRIPT),
  authMatchers: fact(MATCHERS.auth, SCRIPT),
  autonomy: fact(null, SCRIPT),
  memory: fact({ kind: "no-built-in-memory" }, SCRIPT),
  stdin: fact("close", SCRIPT),
  endpoint: fact(null, SCRIPT),
  capabilities: fact({ vision: false, images: false, streaming: "message" }, SCRIPT),
  options: {
    model: optionFact("--model", SCRIPT),
    escalateQuestions: optionFact("prompt preamble", SCRIPT),
    timeoutSeconds: optionFact("hmux wall clock", SCRIPT),
    stallSeconds: optionFact("hmux idle budget", SCRIPT),
  },
  hints: fact({}, SCRIPT),
});
