/**
 * The one vocabulary for every way hmux says no, and what each code means outside the process.
 * Codes are kebab-case (`workspace-in-use`, `no-such-session`): the spelling refusals already
 * carry in `--json` failures. Each code has its process exit code (what `hmux` returns) and its
 * wire code (the SCREAMING_CASE code the server sends, src/protocol/error-codes.ts, kept so
 * clients that switch on it still read it). A server-owned code is its wire code in kebab-case.
 */
import { REFUSAL_ISSUES, type RefusalIssue } from "./events.js";

/** What the server itself answers, in this vocabulary; each is its wire code spelt kebab-case. */
export const SERVER_CODES = [
  "bad-request",
  "unauthorized",
  "version-mismatch",
  "too-many-clients",
  "no-such-session",
  "ambiguous-session",
  "name-taken",
  "name-like-id",
  "session-detached",
  "session-live",
  "not-native",
  "native-session",
  "launch-refused",
  "shutting-down",
  "unsafe-dir",
  "no-server",
  "unreachable",
  "internal",
  "protocol-error",
  "bad-host",
  "no-ssh",
  "host-unreachable",
  "host-refused",
  "no-remote-hmux",
  "remote-failed",
  "race-refused",
  "no-such-race",
  "race-running",
  "too-late",
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

/** A command line hmux cannot read (an unknown flag, a missing argument, a bad combination). */
export const USAGE_CODE = "usage";

export type ErrorCode = RefusalIssue | ServerCode | typeof USAGE_CODE;

/** The wire spelling of a code: `NO_SUCH_SESSION`. Checked against the wire's list by the table test. */
export type WireCode = Uppercase<string>;

export interface ErrorCodeMeaning {
  readonly exitCode: number;
  readonly wireCode: WireCode;
}

/** A request hmux cannot carry out. */
export const EXIT_REFUSED = 2;
/** A request refused to protect work (a live session, uncommitted changes, unmerged commits): `--force` overrides it. */
export const EXIT_WOULD_LOSE_WORK = 3;

const PROTECTS_WORK: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "workspace-in-use",
  "workspace-uncommitted-changes",
  "workspace-unmerged-commits",
]);

function wireSpelling(code: ServerCode): WireCode {
  return code.replaceAll("-", "_").toUpperCase() as WireCode;
}

function buildTable(): ReadonlyMap<ErrorCode, ErrorCodeMeaning> {
  const table = new Map<ErrorCode, ErrorCodeMeaning>();
  const exitOf = (code: ErrorCode) => (PROTECTS_WORK.has(code) ? EXIT_WOULD_LOSE_WORK : EXIT_REFUSED);
  // A refusal the server meets is a launch it refused before anything was spawned.
  for (const issue of REFUSAL_ISSUES) table.set(issue, { exitCode: exitOf(issue), wireCode: "LAUNCH_REFUSED" });
  for (const code of SERVER_CODES) table.set(code, { exitCode: exitOf(code), wireCode: wireSpelling(code) });
  table.set(USAGE_CODE, { exitCode: EXIT_REFUSED, wireCode: "BAD_REQUEST" });
  return table;
}

/** Every code and its meaning: the one place an exit code or a wire code is chosen. */
export const ERROR_CODE_TABLE: ReadonlyMap<ErrorCode, ErrorCodeMeaning> = buildTable();

export function meaningOf(code: ErrorCode): ErrorCodeMeaning {
  const meaning = ERROR_CODE_TABLE.get(code);
  if (!meaning) throw new TypeError(`no meaning for error code ${code}`);
  return meaning;
}

/** The code a wire code came from (`NO_SUCH_SESSION` → `no-such-session`); `internal` for one this table never sends. */
export function codeOfWire(wire: string): ErrorCode {
  const code = wire.toLowerCase().replaceAll("_", "-") as ErrorCode;
  return ERROR_CODE_TABLE.get(code)?.wireCode === wire ? code : "internal";
}
