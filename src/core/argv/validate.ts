/**
 * Value validation shared by every planner: selectors, session ids, env keys, prompts,
 * models and efforts. Each failure is a RefusalError naming what would work.
 */
import type { HarnessDescriptor, PatternSpec } from "../descriptor.js";
import type { NativeSpelling } from "../events.js";
import { refusal, supportedByFor } from "./refusals.js";

/** A model/provider selector: starts alphanumeric (never a flag), no spaces or shell syntax. */
export const CLEAN_SELECTOR = /^[A-Za-z0-9][A-Za-z0-9._:/@[\]-]{0,127}$/;
/** A session id: starts alphanumeric (never `--dangerously-…`), no `/` (no `../` traversal). */
export const CLEAN_SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._:@-]{0,127}$/;
export const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

function compile(spec: PatternSpec): RegExp {
  return new RegExp(spec.pattern, spec.flags);
}

export function validateSessionId(self: HarnessDescriptor, id: string): string {
  const shape = self.resume.value.idShape;
  if (CLEAN_SESSION_ID.test(id) && compile(shape).test(id)) return id;
  throw refusal(
    self,
    "invalid-option-value",
    "resume",
    `session id ${JSON.stringify(id)} is not a valid ${self.name} session id`,
    [`an id matching ${shape.pattern}`],
    "use the sessionId from the identity event of the turn you want to continue, or --resume-last",
  );
}

/** Validate env overrides; "" means delete the key (null in the Invocation). */
export function envChanges(
  self: HarnessDescriptor,
  env: Readonly<Record<string, string>> | undefined,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const key of Object.keys(env ?? {}).sort()) {
    const value = env![key]!;
    if (!ENV_KEY.test(key)) {
      throw refusal(
        self,
        "invalid-env",
        "env",
        `environment key ${JSON.stringify(key)} is not a valid name`,
        ["KEY=VALUE with KEY matching [A-Za-z_][A-Za-z0-9_]*", "KEY= to delete KEY"],
        "rename the key, e.g. MY_VAR=value",
      );
    }
    if (value.includes("\0")) {
      throw refusal(
        self,
        "invalid-env",
        "env",
        `environment value for ${key} contains a NUL byte`,
        ["a value without NUL"],
        `remove the NUL from ${key}`,
      );
    }
    out[key] = value === "" ? null : value;
  }
  return out;
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** What the descriptor's model vocabulary accepts, for refusals. */
function modelChoices(self: HarnessDescriptor): string[] {
  const v = self.models.value;
  const names = [...Object.keys(v.aliases), ...v.known];
  if (v.accepts.kind === "known-or-pattern") names.push(`a full name matching ${v.accepts.pattern.pattern}`);
  if (v.accepts.kind === "clean-selector") names.push("any model id your provider serves");
  return names;
}

/**
 * The native model string for a requested model, or a refusal. With an endpoint any clean
 * selector passes: a gateway names its models as it likes.
 */
export function resolveModel(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  model: string,
  endpoint: boolean,
): string {
  const v = self.models.value;
  if (!CLEAN_SELECTOR.test(model)) {
    throw refusal(
      self,
      "invalid-option-value",
      "model",
      `model ${JSON.stringify(model)} is not a clean model selector`,
      modelChoices(self),
      "a model id starts with a letter or digit and has no spaces, e.g. " +
        (Object.keys(v.aliases)[0] ?? v.known[0] ?? "gpt-5.5"),
    );
  }
  const alias = v.aliases[model];
  if (alias !== undefined) return alias;
  if (endpoint || v.known.includes(model)) return model;
  if (v.accepts.kind === "clean-selector") return model;
  if (v.accepts.kind === "known-or-pattern" && compile(v.accepts.pattern).test(model)) return model;
  // Only harnesses that know the name: one that takes any selector would list a made-up name as supported.
  const supportedBy: NativeSpelling[] = all
    .filter((d) => d.name !== self.name && knowsModel(d, model))
    .map((d) => ({ harness: d.name, spelling: `${d.models.value.flag} ${model}` }));
  throw refusal(
    self,
    "unknown-model",
    "model",
    `${self.name} does not know model ${JSON.stringify(model)}`,
    modelChoices(self),
    `pick one of ${modelChoices(self).slice(0, 6).join(", ")}`,
    supportedBy,
  );
}

/** The name is in the harness's vocabulary: an alias, a known model, or the shape of its full names. */
function knowsModel(d: HarnessDescriptor, model: string): boolean {
  const v = d.models.value;
  if (v.aliases[model] !== undefined || v.known.includes(model)) return true;
  return v.accepts.kind === "known-or-pattern" && compile(v.accepts.pattern).test(model);
}

export function effortLadder(self: HarnessDescriptor, model: string | undefined): readonly string[] {
  const e = self.efforts.value;
  if (!e) return [];
  return (model !== undefined ? e.byModel[model] : undefined) ?? e.ladder;
}

export function validateEffort(
  self: HarnessDescriptor,
  all: readonly HarnessDescriptor[],
  effort: string,
  model: string | undefined,
): string {
  const ladder = effortLadder(self, model);
  if (ladder.includes(effort)) return effort;
  const supportedBy = supportedByFor(all, "effort").filter((s) => {
    const d = all.find((x) => x.name === s.harness);
    return d !== undefined && d.name !== self.name && (d.efforts.value?.ladder ?? []).includes(effort);
  });
  throw refusal(
    self,
    "unknown-effort",
    "effort",
    `${self.name} has no effort ${JSON.stringify(effort)}${model ? ` for model ${model}` : ""}`,
    ladder,
    `pick one of ${ladder.join(", ")}`,
    supportedBy,
  );
}

export function validateInteger(
  self: HarnessDescriptor,
  option: string,
  value: number,
  min: number,
  max: number,
): number {
  if (Number.isInteger(value) && value >= min && value <= max) return value;
  throw refusal(
    self,
    "invalid-option-value",
    option,
    `${option} must be an integer from ${min} to ${max}, got ${value}`,
    [`${min}..${max}`],
    `pass a whole number between ${min} and ${max}`,
  );
}

export function validateSeconds(self: HarnessDescriptor, option: string, value: number): void {
  if (Number.isFinite(value) && value >= 0) return;
  throw refusal(
    self,
    "invalid-option-value",
    option,
    `${option} must be a number of seconds ≥ 0, got ${value}`,
    ["0 (disabled)", "a positive number of seconds"],
    "pass e.g. 300, or 0 to disable",
  );
}

/** An http(s) URL without credentials; returned without a trailing slash. */
export function validateEndpoint(self: HarnessDescriptor, endpoint: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (
    !url ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    url.username ||
    url.password ||
    url.search ||
    url.hash
  ) {
    throw refusal(
      self,
      "invalid-option-value",
      "endpoint",
      `endpoint ${JSON.stringify(endpoint)} is not an http(s) base URL`,
      ["http://127.0.0.1:PORT", "https://gateway.example/v1"],
      "pass a base URL such as the one `hmux model serve` prints",
    );
  }
  return url;
}

/** The base URL as text, without a trailing slash. */
export function baseUrlText(url: URL): string {
  return url.href.replace(/\/+$/, "");
}

/** OpenAI-style base URL: a bare origin gets /v1 (codex and pi post to {base}/responses, /chat/completions). */
export function openAiBaseUrl(url: URL): string {
  return url.pathname === "/" ? `${url.origin}/v1` : baseUrlText(url);
}
