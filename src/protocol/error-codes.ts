/**
 * Every way the hmux server says no, as a code a program can switch on: the wire's vocabulary, so it
 * lives with the wire contract; src/server/errors.ts gives each its ServerError.
 */
export const SERVER_ERROR_CODES = [
  /** A line that is not JSON, or not a request this protocol knows (zod's reason attached). */
  "BAD_REQUEST",
  /** No token, a wrong token, or a login that came too late or too large: nothing else is said. */
  "UNAUTHORIZED",
  /** The client and the server are different hmux versions or protocols; both are named. */
  "VERSION_MISMATCH",
  /** Every client slot is taken. */
  "TOO_MANY_CLIENTS",
  "NO_SUCH_SESSION",
  /** A session target that matches more than one session (an id prefix). */
  "AMBIGUOUS_SESSION",
  "NAME_TAKEN",
  /** A session name that reads as a session id (a UUID, or 8+ hex digits): it could shadow one. */
  "NAME_LIKE_ID",
  /** A session restored from a server that died: nothing runs it until `hmux resume`. */
  "SESSION_DETACHED",
  /** A resume of a session that is running (or being resumed): there is nothing to resume. */
  "SESSION_LIVE",
  /** Keys or a resize for a session that has an event stream, not a pty. */
  "NOT_NATIVE",
  /** An input line (a message, a decision) for a native session, which takes keys. */
  "NATIVE_SESSION",
  /** The launch pipeline refused the session before anything was spawned; `failure` says why. */
  "LAUNCH_REFUSED",
  /** A race that cannot stand (fewer than two harnesses, not a repository, no such base, a bad name), refused before any session opens. */
  "RACE_REFUSED",
  /** No race of that name: this server does not hold it and none is recorded. */
  "NO_SUCH_RACE",
  /** The race is still running (a first turn has not ended, or it is not scored yet): the step must wait. */
  "RACE_RUNNING",
  /** The race already ended (picked or discarded): the step came too late. */
  "TOO_LATE",
  /** The server is stopping: no new sessions. */
  "SHUTTING_DOWN",
  /** The runtime directory is unsafe (wrong owner, wider than 0700, not a directory). */
  "UNSAFE_DIR",
  /** No server is running, and this command does not start one. */
  "NO_SERVER",
  /** The server did not come up, or the connection broke. */
  "UNREACHABLE",
  /** The server failed to carry out a request it accepted; the message says what happened. */
  "INTERNAL",
  /** A line from the server that is not a message of this protocol: the client closes the connection. */
  "PROTOCOL_ERROR",
  /** `--host` is not a `[user@]host` ssh can be given (it would read as an option, or is empty). */
  "BAD_HOST",
  /** No ssh client here to reach a remote host with. */
  "NO_SSH",
  /** The remote host is down, unreachable, or its name does not resolve: ssh never logged in. */
  "HOST_UNREACHABLE",
  /** The remote host refused the ssh login (key, host key): nothing ran there. */
  "HOST_REFUSED",
  /** ssh logged in, but the remote has no runnable hmux on its non-interactive PATH. */
  "NO_REMOTE_HMUX",
  /** The remote hmux failed before the login in some other way; its own words are quoted. */
  "REMOTE_FAILED",
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];
