/**
 * The one vocabulary for every way hmux says no, and what each code means outside the process.
 * Codes are kebab-case (`workspace-in-use`, `no-such-session`), the spelling refusals carry in
 * `--json` failures, and the server's error replies carry the same codes (src/protocol's error
 * body is an enum of SERVER_CODES). Each code has its process exit code (what `hmux` returns)
 * and its wire code: the code a server's error reply carries when the server meets it. A server
 * code is its own wire code; a launch refusal travels as `launch-refused` with the refusal in
 * the reply's `failure`, so a client reads the refusal's own code back.
 *
 * Not in this vocabulary: the control protocol's refusal outcomes (`UNKNOWN_CALL`, `TOO_LATE`,
 * … in src/core/control/types.ts) are answers to a command, spelt as metaharness.command/1
 * spells them, not errors hmux raises.
 */
import { REFUSAL_ISSUES, type RefusalIssue } from "./events.js";

/** What the server itself answers: each is its own wire code. */
export const SERVER_CODES = [
  /** A line that is not JSON, or not a request this protocol knows (zod's reason attached). */
  "bad-request",
  /** No token, a wrong token, or a login that came too late or too large: nothing else is said. */
  "unauthorized",
  /** The client and the server are different hmux versions or protocols; both are named. */
  "version-mismatch",
  /** Every client slot is taken. */
  "too-many-clients",
  "no-such-session",
  /** A session target that matches more than one session (an id prefix). */
  "ambiguous-session",
  "name-taken",
  /** A session name that reads as a session id (a UUID, or 8+ hex digits): it could shadow one. */
  "name-like-id",
  /** A session restored from a server that died: nothing runs it until `hmux resume`. */
  "session-detached",
  /** A resume of a session that is running (or being resumed): there is nothing to resume. */
  "session-live",
  /** Keys or a resize for a session that has an event stream, not a pty. */
  "not-native",
  /** An input line (a message, a decision) for a native session, which takes keys. */
  "native-session",
  /** The launch pipeline refused the session before anything was spawned; `failure` says why. */
  "launch-refused",
  /** A race that cannot stand (fewer than two harnesses, not a repository, no such base, a bad name), refused before any session opens. */
  "race-refused",
  /** No race of that name: this server does not hold it and none is recorded. */
  "no-such-race",
  /** The race is still running (a first turn has not ended, or it is not scored yet): the step must wait. */
  "race-running",
  /** The race already ended (picked or discarded), or the call was already decided (`hmux decide`): the step came too late. */
  "too-late",
  /** A decision (`hmux decide`) on a call the session never asked about. */
  "unknown-call",
  /** A decision the session cannot take (its channel cannot carry it, no rule can be made, a deny without a reason). */
  "decision-refused",
  /** The server is stopping: no new sessions. */
  "shutting-down",
  /** The runtime directory is unsafe (wrong owner, wider than 0700, not a directory). */
  "unsafe-dir",
  /** No server is running, and this command does not start one. */
  "no-server",
  /** The server did not come up, or the connection broke. */
  "unreachable",
  /** The server failed to carry out a request it accepted; the message says what happened. */
  "internal",
  /** A line from the server that is not a message of this protocol: the client closes the connection. */
  "protocol-error",
  /** `--host` is not a `[user@]host` ssh can be given (it would read as an option, or is empty). */
  "bad-host",
  /** No ssh client here to reach a remote host with. */
  "no-ssh",
  /** The remote host is down, unreachable, or its name does not resolve: ssh never logged in. */
  "host-unreachable",
  /** The remote host refused the ssh login (key, host key): nothing ran there. */
  "host-refused",
  /** ssh logged in, but the remote has no runnable hmux on its non-interactive PATH. */
  "no-remote-hmux",
  /** The remote hmux failed before the login in some other way; its own words are quoted. */
  "remote-failed",
  /** A race could not be scored: its check or git failed; the message says how. */
  "race-failed",
] as const;
export type ServerCode = (typeof SERVER_CODES)[number];

/** A command line hmux cannot read (an unknown flag, a missing argument, a bad combination). */
export const USAGE_CODE = "usage";

/**
 * Codes a process meets on its own, each with the wire code a server answers when it meets one
 * (a bad file handed over the wire is the request's fault; a broken invariant is the server's).
 */
export const LOCAL_CODES = {
  [USAGE_CODE]: "bad-request",
  /** A file hmux was pointed at that is not there, a dangling or looping symlink, or not readable. */
  "unreadable-file": "bad-request",
  /** A path that holds a FIFO, a device, a directory or a symlink to one, where a regular file was wanted. */
  "not-a-file": "bad-request",
  /** A TUI theme that is not built in, not a file, not JSON or not a theme. */
  "invalid-theme": "bad-request",
  /** A harness module a config registers that did not load, is malformed, or contradicts itself. */
  "invalid-harness": "bad-request",
  /** A scripted-model script (or a marker in a prompt) that is not one the model can play. */
  "invalid-script": "bad-request",
  /** A request to the scripted model whose body is not the shape its route speaks. */
  "bad-model-request": "bad-request",
  /** A request this pane, session or client does not offer (a pane that keeps no rules, a TUI without native panes on its server). */
  "not-supported": "bad-request",
  /** A resume of a session that cannot be resumed (no resumer, or its harness never named its own session). */
  "not-resumable": "bad-request",
  /** The demo's scripted model did not come up; the message carries its log's tail. */
  "model-not-started": "internal",
  /** A worktree view asked for a turn's changes before any turn was recorded there. */
  "no-recorded-turn": "bad-request",
  /** A session whose worktree this client cannot reach (no changes port). */
  "no-worktree-access": "bad-request",
} as const satisfies Record<string, ServerCode>;
export type LocalCode = keyof typeof LOCAL_CODES;

export type ErrorCode = RefusalIssue | ServerCode | LocalCode;

/** The code a server's error reply carries: one of SERVER_CODES. */
export type WireCode = ServerCode;

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

function buildTable(): ReadonlyMap<ErrorCode, ErrorCodeMeaning> {
  const table = new Map<ErrorCode, ErrorCodeMeaning>();
  const set = (code: ErrorCode, wireCode: WireCode) => {
    if (table.has(code)) throw new TypeError(`error code ${code} is in the table twice`);
    table.set(code, { exitCode: PROTECTS_WORK.has(code) ? EXIT_WOULD_LOSE_WORK : EXIT_REFUSED, wireCode });
  };
  // A refusal the server meets is a launch it refused before anything was spawned.
  for (const issue of REFUSAL_ISSUES) set(issue, "launch-refused");
  for (const code of SERVER_CODES) set(code, code);
  for (const [code, wire] of Object.entries(LOCAL_CODES)) set(code as LocalCode, wire);
  return table;
}

/** Every code and its meaning: the one place an exit code or a wire code is chosen. */
export const ERROR_CODE_TABLE: ReadonlyMap<ErrorCode, ErrorCodeMeaning> = buildTable();

export function meaningOf(code: ErrorCode): ErrorCodeMeaning {
  const meaning = ERROR_CODE_TABLE.get(code);
  if (!meaning) throw new TypeError(`no meaning for error code ${code}`);
  return meaning;
}

export function isServerCode(code: string): code is ServerCode {
  return (SERVER_CODES as readonly string[]).includes(code);
}
