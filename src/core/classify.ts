/**
 * Failure classification from what a harness says: an HTTP status when the stream carries one,
 * else its text. Matchers are serializable data ({pattern, flags}) so a descriptor or a config
 * override can extend them; only the first 4096 characters of a text are scanned, which bounds
 * regex work on a 100 MB line.
 *
 * Provider-side server errors (500, 502, 503, 504, 529 "overloaded", codex's "high demand")
 * are classed `unavailable`: the provider was reached and said it cannot serve this request
 * right now, so the remedy is the same as for a model it cannot load - retry, or route the
 * same request elsewhere. `transport` is kept for the path to the provider failing (refused,
 * reset, DNS, a stream cut mid-response), which says nothing about the provider itself.
 * `timeout` and `stall` are hmux's own watchdog classes; only codex reports a stall itself.
 * `network` is a harness that kept retrying because it could not reach any network and was given
 * up on after a bounded number of its own reconnect attempts (the count is in the message).
 */

import type { AuthFailureKind, FailureClass, FailureSummary, LimitCode } from "./events.js";
import { failure } from "./failure.js";

export const SCAN_LIMIT = 4096;

export interface PatternSpec {
  readonly pattern: string;
  readonly flags?: string;
}
export interface LimitPattern extends PatternSpec {
  readonly code: LimitCode;
}
export interface AuthPattern extends PatternSpec {
  readonly kind: AuthFailureKind;
  /** What the user runs or sets to get past this wall (the harness's own login step). */
  readonly hint?: string;
}

export interface MatcherSet {
  readonly limit: readonly LimitPattern[];
  readonly auth: readonly AuthPattern[];
  /** The provider stopped sending mid-stream (reported by the harness itself). */
  readonly stall: readonly PatternSpec[];
  readonly transport: readonly PatternSpec[];
  readonly unavailable: readonly PatternSpec[];
  /** Provider-side server errors; classed `unavailable` (see the header). */
  readonly server: readonly PatternSpec[];
}

export const SHARED_MATCHERS: MatcherSet = {
  limit: [
    { pattern: "you'?ve hit your usage limit", code: "usage-limit" },
    { pattern: "usage limit (?:reached|exceeded)", code: "usage-limit" },
    { pattern: "purchase more credits|insufficient credits|out of credits", code: "credits" },
    { pattern: "resource_exhausted|quota exceeded|exceeded your current quota", code: "quota" },
    // Anchored to a status word: a bare 429 inside an id is not a limit wall.
    { pattern: "\\b(?:HTTP|status(?:[_ ]?code)?|code)\\b\\W*[:=]?\\W*429\\b", code: "rate-limit" },
    { pattern: "too many requests", code: "rate-limit" },
    { pattern: "rate[ _]limit(?:ed|ing|_error)?\\b", code: "rate-limit" },
    { pattern: "retry-after", code: "rate-limit" },
  ],
  // The most specific wording first: "401 Unauthorized: invalid x-api-key" is a bad key.
  auth: [
    { pattern: "invalid (?:x-)?api[ -]?key", kind: "invalid-key" },
    { pattern: "authentication_failed|authentication failed", kind: "invalid-key" },
    { pattern: "401 unauthorized", kind: "expired" },
  ],
  stall: [{ pattern: "idle timeout waiting for SSE" }],
  transport: [
    { pattern: "connection error" },
    { pattern: "ECONNREFUSED|ConnectionRefused|connection refused" },
    { pattern: "ECONNRESET|connection reset" },
    { pattern: "ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH" },
    { pattern: "unable to connect" },
    { pattern: "fetch failed|socket hang up|network error" },
    { pattern: "stream disconnected" },
    { pattern: "waiting for network" },
    { pattern: "request timed out" },
  ],
  unavailable: [
    { pattern: "model_not_found" },
    { pattern: "invalid model identifier" },
    { pattern: "model[^.]{0,60}not found" },
    { pattern: "no such model|unknown model" },
    { pattern: "model[^.]{0,60}(?:is not|isn't) loaded" },
    { pattern: "failed to load model" },
    { pattern: "model[^.]{0,60}does not exist" },
    { pattern: "not a valid (?:downloaded )?model" },
  ],
  server: [
    { pattern: "overloaded" },
    { pattern: "server_error|internal server error" },
    { pattern: "high demand" },
    { pattern: "service unavailable|bad gateway|gateway time-?out" },
  ],
};

const GROUPS = ["limit", "auth", "stall", "transport", "unavailable", "server"] as const;

/** Concatenates two partial matcher sets, `first` before `second` (context extras before a decoder's own). */
export function mergeExtras(first: Partial<MatcherSet> | undefined, second: Partial<MatcherSet>): Partial<MatcherSet> {
  const out: Record<string, unknown[]> = {};
  for (const k of GROUPS) out[k] = [...(first?.[k] ?? []), ...(second[k] ?? [])];
  return out as Partial<MatcherSet>;
}

/** Harness extras go first: they are the more specific wording. */
export function withExtras(extra: Partial<MatcherSet> = {}, base: MatcherSet = SHARED_MATCHERS): MatcherSet {
  return {
    limit: [...(extra.limit ?? []), ...base.limit],
    auth: [...(extra.auth ?? []), ...base.auth],
    stall: [...(extra.stall ?? []), ...base.stall],
    transport: [...(extra.transport ?? []), ...base.transport],
    unavailable: [...(extra.unavailable ?? []), ...base.unavailable],
    server: [...(extra.server ?? []), ...base.server],
  };
}

const compiled = new WeakMap<readonly PatternSpec[], readonly RegExp[]>();
function regexes(specs: readonly PatternSpec[]): readonly RegExp[] {
  let out = compiled.get(specs);
  if (!out) {
    out = specs.map((s) => new RegExp(s.pattern, s.flags ?? "i"));
    compiled.set(specs, out);
  }
  return out;
}

function head(text: string): string {
  return text.length > SCAN_LIMIT ? text.slice(0, SCAN_LIMIT) : text;
}

function firstMatch<T extends PatternSpec>(specs: readonly T[], text: string): T | undefined {
  const res = regexes(specs);
  for (let i = 0; i < res.length; i++) if (res[i]!.test(text)) return specs[i];
  return undefined;
}

export function matchLimit(text: string, set: MatcherSet): LimitCode | undefined {
  return firstMatch(set.limit, head(text))?.code;
}
export function matchAuth(text: string, set: MatcherSet): AuthFailureKind | undefined {
  return firstMatch(set.auth, head(text))?.kind;
}
/** The auth wall a text shows, as a failure carrying the matcher's hint; undefined when none. */
export function authFailure(text: string, set: MatcherSet): FailureSummary | undefined {
  const auth = firstMatch(set.auth, head(text));
  if (!auth) return undefined;
  return failure("auth", text, auth.hint ? { authKind: auth.kind, hint: auth.hint } : { authKind: auth.kind });
}
export function matchesAny(specs: readonly PatternSpec[], text: string): boolean {
  return firstMatch(specs, head(text)) !== undefined;
}

/** Which failure class a limit code belongs to. */
export function limitClass(code: LimitCode): FailureClass {
  if (code === "rate-limit") return "rate-limit";
  if (code === "credits" || code === "quota") return "quota";
  return "usage-limit";
}

export function limitFailure(code: LimitCode, message: string, resetsAt?: number): FailureSummary {
  return failure(limitClass(code), message, resetsAt === undefined ? { code } : { code, resetsAt });
}

// Where harnesses write a status inside prose: "401 invalid x-api-key" (pi), "400: {...}" (pi),
// "unexpected status 401 Unauthorized" / "last status: 429" (codex), "API Error: 500" and
// "Request rejected (429)" (claude).
const STATUS_IN_TEXT = [
  /^\s*([45]\d\d)(?=[\s:])/,
  /\bstatus(?:[ _]?code)?\W{0,3}([45]\d\d)\b/i,
  /\bAPI Error:\s*([45]\d\d)\b/i,
  /\brejected \(([45]\d\d)\)/i,
  /\bHTTP\/?[\d.]*\s+([45]\d\d)\b/i,
];
export function httpStatusInText(text: string): number | undefined {
  const t = head(text);
  for (const re of STATUS_IN_TEXT) {
    const m = re.exec(t);
    if (m) return Number(m[1]);
  }
  return undefined;
}

/** The HTTP status → class table. 400 and other 4xx say nothing general: undefined. */
export function classForStatus(
  status: number,
): { cls: FailureClass; code?: LimitCode; authKind?: AuthFailureKind } | undefined {
  if (status === 401) return { cls: "auth" };
  if (status === 403) return { cls: "auth", authKind: "forbidden" };
  if (status === 429) return { cls: "rate-limit", code: "rate-limit" };
  if (status === 404) return { cls: "unavailable" };
  if (status >= 500 && status <= 599) return { cls: "unavailable" };
  return undefined;
}

export interface ClassifyOptions {
  /** A status the stream states as a field (claude api_error_status), trusted over text. */
  readonly status?: number | null;
  /** The class when nothing matches (task for a terminal error the model's work produced). */
  readonly fallback: FailureClass;
}

/**
 * One terminal error text → one FailureSummary. Order: the most specific wording first
 * (a limit code, an auth kind), then a stated status, a status found in the text, then the
 * stall → transport → unavailable → server groups, else the fallback.
 */
export function classifyFailureText(message: string, set: MatcherSet, opts: ClassifyOptions): FailureSummary {
  const text = head(message);
  const stated = opts.status ?? undefined;
  const status = stated ?? httpStatusInText(text);
  const withStatus = (extra: Partial<FailureSummary> = {}) =>
    status === undefined ? extra : { ...extra, httpStatus: status };
  const limit = firstMatch(set.limit, text);
  if (limit && (status === undefined || status === 429))
    return failure(limitClass(limit.code), message, withStatus({ code: limit.code }));
  const auth = firstMatch(set.auth, text);
  if (auth && (status === undefined || status === 401 || status === 403))
    return failure(
      "auth",
      message,
      withStatus(auth.hint ? { authKind: auth.kind, hint: auth.hint } : { authKind: auth.kind }),
    );
  if (status !== undefined) {
    const byStatus = classForStatus(status);
    if (byStatus) {
      const extra: Partial<FailureSummary> = {};
      if (byStatus.code) Object.assign(extra, { code: byStatus.code });
      if (byStatus.authKind) Object.assign(extra, { authKind: byStatus.authKind });
      return failure(byStatus.cls, message, withStatus(extra));
    }
  }
  if (firstMatch(set.stall, text)) return failure("stall", message, withStatus());
  if (firstMatch(set.transport, text)) return failure("transport", message, withStatus());
  if (firstMatch(set.unavailable, text)) return failure("unavailable", message, withStatus());
  if (firstMatch(set.server, text)) return failure("unavailable", message, withStatus());
  return failure(opts.fallback, message, withStatus());
}

/**
 * After a non-zero exit with no failure decoded from the stream: the stderr tail says transport
 * or unavailable, else the harness failed in its own terms (`native`, its exit code kept as data).
 */
export function classifyExitTail(tail: readonly string[], exitCode: number, set: MatcherSet): FailureSummary {
  const text = tail.join("\n").trim();
  for (const line of tail) {
    if (firstMatch(set.transport, head(line))) return failure("transport", text, { nativeExitCode: exitCode });
  }
  for (const line of tail) {
    if (firstMatch(set.unavailable, head(line)) || firstMatch(set.server, head(line))) {
      return failure("unavailable", text, { nativeExitCode: exitCode });
    }
  }
  const message = text.length > 0 ? text : `harness exited with code ${exitCode} and wrote nothing to stderr`;
  return failure("native", message, { nativeExitCode: exitCode });
}
