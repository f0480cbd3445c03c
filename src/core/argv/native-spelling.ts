/**
 * A harness's own flag typed before `--` on the hmux command line: recognized and redirected
 * to hmux's normalized spelling, instead of "unknown option". Native flags meant for the
 * harness belong after `--` (passthrough).
 */
import type { NativeSpelling } from "../events.js";
import type { HarnessName } from "../harness-names.js";
import { RefusalError } from "../refusal.js";

interface NativeFlag {
  readonly normalized: string;
  readonly option: string;
  readonly natives: readonly NativeSpelling[];
}

function n(harness: HarnessName, spelling: string): NativeSpelling {
  return { harness, spelling };
}

/** Native spelling → normalized spelling. Sources: each harness's help text / descriptor. */
const TABLE: Readonly<Record<string, NativeFlag>> = {
  "--allowedTools": { normalized: "--tools", option: "tools", natives: [n("claude", "--allowedTools")] },
  "--allowed-tools": { normalized: "--tools", option: "tools", natives: [n("claude", "--allowed-tools")] },
  "--disallowedTools": {
    normalized: "--exclude-tools",
    option: "excludeTools",
    natives: [n("claude", "--disallowedTools")],
  },
  "--disallowed-tools": {
    normalized: "--exclude-tools",
    option: "excludeTools",
    natives: [n("claude", "--disallowed-tools")],
  },
  "-t": { normalized: "--tools", option: "tools", natives: [n("pi", "-t")] },
  "--dangerously-skip-permissions": {
    normalized: "--autonomy",
    option: "autonomy",
    natives: [n("claude", "--dangerously-skip-permissions")],
  },
  "--dangerously-bypass-approvals-and-sandbox": {
    normalized: "--autonomy",
    option: "autonomy",
    natives: [n("codex", "--dangerously-bypass-approvals-and-sandbox")],
  },
  "--yolo": { normalized: "--autonomy", option: "autonomy", natives: [n("muse", "--yolo"), n("cursor", "--yolo")] },
  "--force": { normalized: "--autonomy", option: "autonomy", natives: [n("cursor", "--force")] },
  "--thinking": { normalized: "--effort", option: "effort", natives: [n("pi", "--thinking")] },
  "--reasoning-effort": { normalized: "--effort", option: "effort", natives: [n("muse", "--reasoning-effort")] },
  "-m": { normalized: "--model", option: "model", natives: [n("codex", "-m")] },
  "-s": { normalized: "--sandbox", option: "sandbox", natives: [n("codex", "-s")] },
  "--disable-write": { normalized: "--no-write", option: "write", natives: [n("muse", "--disable-write")] },
  "--disable-shell": { normalized: "--no-shell", option: "shell", natives: [n("muse", "--disable-shell")] },
  "--max-model-steps": { normalized: "--max-steps", option: "maxSteps", natives: [n("muse", "--max-model-steps")] },
  "-nt": { normalized: "--no-tools", option: "discovery", natives: [n("pi", "-nt")] },
  "--no-context-files": {
    normalized: "--no-instruction-files",
    option: "discovery",
    natives: [n("pi", "--no-context-files")],
  },
  "-nc": { normalized: "--no-instruction-files", option: "discovery", natives: [n("pi", "-nc")] },
  "-ne": { normalized: "--no-extensions", option: "discovery", natives: [n("pi", "-ne")] },
  "-ns": { normalized: "--no-skills", option: "discovery", natives: [n("pi", "-ns")] },
  "--disable-slash-commands": {
    normalized: "--no-skills",
    option: "discovery",
    natives: [n("claude", "--disable-slash-commands")],
  },
  "--setting-sources": {
    normalized: "--no-extensions",
    option: "discovery",
    natives: [n("claude", "--setting-sources project")],
  },
  "--bare": { normalized: "--isolation tool-free", option: "isolation", natives: [n("claude", "--bare")] },
  "--continue": {
    normalized: "--resume-last",
    option: "resumeLast",
    natives: [n("claude", "--continue"), n("pi", "--continue"), n("cursor", "--continue")],
  },
  "--last": { normalized: "--resume-last", option: "resumeLast", natives: [n("codex", "exec resume --last")] },
  "-r": { normalized: "--resume", option: "resume", natives: [n("claude", "-r"), n("pi", "-r")] },
  "--session": { normalized: "--resume", option: "resume", natives: [n("pi", "--session")] },
  "--output-format": {
    normalized: "--json",
    option: "output",
    natives: [n("claude", "--output-format stream-json"), n("cursor", "--output-format stream-json")],
  },
  "--mode": { normalized: "--json", option: "output", natives: [n("pi", "--mode json")] },
  "-p": {
    normalized: "(nothing: hmux run is always headless)",
    option: "print",
    natives: [n("claude", "-p"), n("pi", "-p"), n("cursor", "-p")],
  },
  "--print": {
    normalized: "(nothing: hmux run is always headless)",
    option: "print",
    natives: [n("claude", "--print"), n("pi", "--print"), n("cursor", "--print")],
  },
  "-c": {
    normalized: "--resume-last (claude/pi -c) or `-- -c key=value` (codex config)",
    option: "resumeLast",
    natives: [n("claude", "-c"), n("pi", "-c"), n("codex", "-c key=value")],
  },
  "--config": {
    normalized: "`-- -c key=value` (codex config after --)",
    option: "passthrough",
    natives: [n("codex", "--config")],
  },
};

/**
 * A refusal redirecting a native flag to hmux's spelling, or null when the token is not a
 * known native flag (then the CLI's own "unknown option" applies). `--flag=value` is matched
 * by its flag part.
 */
export function recognizeNativeSpelling(token: string): RefusalError | null {
  const flag = token.startsWith("--") && token.includes("=") ? token.slice(0, token.indexOf("=")) : token;
  if (!Object.hasOwn(TABLE, flag)) return null;
  const entry = TABLE[flag]!;
  const owners = [...new Set(entry.natives.map((s) => s.harness))].join("/");
  return new RefusalError(`${flag} is ${owners}'s spelling; use ${entry.normalized}`, {
    issue: "native-flag-spelling",
    option: entry.option,
    supported: [entry.normalized],
    supportedBy: entry.natives,
    hint: `use ${entry.normalized}, or pass ${flag} to the harness verbatim after --`,
  });
}

/** Every native flag hmux redirects (for help texts and tests). */
export function knownNativeFlags(): readonly string[] {
  return Object.keys(TABLE);
}
