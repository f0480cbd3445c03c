/**
 * Config text → typed Config, or a ConfigError naming the file and key. No file system here:
 * the CLI reads the file and passes its text and path.
 */
import type * as z from "zod/mini";
import { nearestName } from "../nearest-name.js";
import { ConfigError, type ConfigProblem, formatKeyPath } from "./errors.js";
import { legacyConfigKeyProblem } from "./harness-section.js";
import { findJsonProblem } from "./json-syntax.js";
import { knownKeysAt } from "./known-keys.js";
import { CONFIG_VERSION, type Config, type ConfigSchema, configSchemaFor } from "./schema.js";
import type { HarnessToolRules } from "./tool-names.js";

export type ConfigResult =
  | { readonly ok: true; readonly config: Config }
  | { readonly ok: false; readonly error: ConfigError };

/** `harnesses`: the registered harnesses' toolMap rules; a toolMap section for any other name is an unknown key. */
export function parseConfig(text: string, path: string, harnesses: readonly HarnessToolRules[]): ConfigResult {
  const fail = (problem: ConfigProblem): ConfigResult => ({ ok: false, error: new ConfigError(path, [problem]) });
  // Editors on some systems write a byte-order mark; it is not part of the document.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;

  const syntax = findJsonProblem(body);
  if (syntax?.kind === "syntax") {
    return fail({
      kind: "malformed-json",
      keyPath: "",
      line: syntax.line,
      column: syntax.column,
      message: `malformed JSON: ${syntax.message}`,
    });
  }
  if (syntax?.kind === "duplicate-key") {
    return fail({
      kind: "duplicate-key",
      keyPath: formatKeyPath(syntax.path),
      line: syntax.line,
      column: syntax.column,
      message: "key appears twice in one object; keep one (JSON would silently use the last)",
    });
  }
  const data: unknown = JSON.parse(body);
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    return fail({
      kind: "not-an-object",
      keyPath: "",
      message: `a config file is a JSON object like {"version": ${CONFIG_VERSION}}, found ${describe(data)}`,
    });
  }
  const version = (data as Record<string, unknown>).version;
  if (version === undefined) {
    return fail({ kind: "version", keyPath: "version", message: `missing; add "version": ${CONFIG_VERSION}` });
  }
  if (version !== CONFIG_VERSION) {
    return fail({
      kind: "version",
      keyPath: "version",
      message: `${JSON.stringify(version)} is not supported; this hmux reads config version ${CONFIG_VERSION}`,
    });
  }

  // A setting that became one harness's own: refused naming where it lives now, never dropped.
  const moved: ConfigProblem[] = [];
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const message = legacyConfigKeyProblem(harnesses, key, value);
    if (message) moved.push({ kind: "unknown-key", keyPath: key, message });
    else rest[key] = value;
  }

  const schema = configSchemaFor(harnesses);
  const parsed = schema.safeParse(rest, { reportInput: true });
  const problems = [...moved, ...(parsed.success ? [] : parsed.error.issues.flatMap((i) => problemsOf(i, schema)))];
  if (parsed.success && problems.length === 0) return { ok: true, config: parsed.data };
  return { ok: false, error: new ConfigError(path, problems) };
}

/** Throwing form for callers that turn any bad config into a refusal. */
export function parseConfigOrThrow(text: string, path: string, harnesses: readonly HarnessToolRules[]): Config {
  const result = parseConfig(text, path, harnesses);
  if (!result.ok) throw result.error;
  return result.config;
}

function problemsOf(issue: z.core.$ZodIssue, schema: ConfigSchema): ConfigProblem[] {
  if (issue.code === "unrecognized_keys") {
    const known = knownKeysAt(issue.path, schema);
    return issue.keys.map((key) => {
      const guess = nearestName(key, known);
      const hint = guess ? `did you mean ${JSON.stringify(formatKeyPath([...issue.path, guess]))}? ` : "";
      return {
        kind: "unknown-key" as const,
        keyPath: formatKeyPath([...issue.path, key]),
        message: `unknown key (${hint}known here: ${known.join(", ") || "none"})`,
      };
    });
  }
  const unknown = issue.code === "custom" && issue.params?.kind === "unknown-key";
  return [
    {
      kind: unknown ? "unknown-key" : "bad-value",
      keyPath: formatKeyPath(issue.path),
      message: badValueMessage(issue),
    },
  ];
}

function badValueMessage(issue: z.core.$ZodIssue): string {
  const found = "input" in issue && issue.input !== undefined ? ` (found ${describe(issue.input)})` : "";
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return `must be a whole number${found}`;
      return `must be ${article(issue.expected)}${found}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}${found}`;
    case "too_small":
      if (issue.origin === "string" && Number(issue.minimum) === 1) return `must not be empty${found}`;
      return `must be at least ${String(issue.minimum)}${issue.origin === "string" ? " characters" : ""}${found}`;
    case "too_big":
      return `must be at most ${String(issue.maximum)}${issue.origin === "string" ? " characters" : ""}${found}`;
    case "invalid_key":
      return `${issue.issues.map((inner) => inner.message).join("; ")}`;
    default:
      return `${issue.message}${issue.code === "custom" ? "" : found}`;
  }
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
