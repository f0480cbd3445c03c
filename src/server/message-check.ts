/**
 * What a client accepts off the server's connection: every line is checked here before it is
 * dispatched, so a server of another build, a relay that mangled a line or a remote shell that
 * printed into the stream cannot hand the client a value its types do not describe. A line that
 * fails is a PROTOCOL_ERROR naming the field and what was wrong.
 *
 * Written without zod on purpose: `hmux ls` is a client, and a script calls it in a loop; loading
 * zod would more than double its start-up (test/unit/cli/lazy-loading.test.ts holds it out). The
 * TUI, which loads zod anyway, checks the payloads it uses in full on top of this
 * (src/app/server-wire.ts), and a session's event is checked here only as an object with a
 * `kind`: the port that shows it checks it in full and turns an unreadable one into a warning in
 * its pane rather than losing the connection.
 */
import { SERVER_ERROR_CODES, ServerError } from "./errors.js";
import type { ServerMessage, SessionSummary } from "./protocol.js";

/** Says what is wrong with a value (at `path`), or null when nothing is. */
type Check = (value: unknown, path: string) => string | null;

const at = (path: string) => (path === "" ? "" : `${path}: `);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

const str =
  (min = 0): Check =>
  (v, p) =>
    typeof v !== "string" ? `${at(p)}expected a string` : v.length < min ? `${at(p)}expected a non-empty string` : null;
const int =
  (min = Number.MIN_SAFE_INTEGER): Check =>
  (v, p) =>
    typeof v !== "number" || !Number.isInteger(v)
      ? `${at(p)}expected an integer`
      : v < min
        ? `${at(p)}below ${min}`
        : null;
const num: Check = (v, p) => (typeof v === "number" ? null : `${at(p)}expected a number`);
const bool: Check = (v, p) => (typeof v === "boolean" ? null : `${at(p)}expected a boolean`);
const oneOf =
  (values: readonly string[]): Check =>
  (v, p) =>
    typeof v === "string" && values.includes(v) ? null : `${at(p)}expected one of ${values.join(", ")}`;
const nullable =
  (check: Check): Check =>
  (v, p) =>
    v === null ? null : check(v, p);
const optional =
  (check: Check): Check =>
  (v, p) =>
    v === undefined ? null : check(v, p);
const arrayOf =
  (check: Check): Check =>
  (v, p) => {
    if (!Array.isArray(v)) return `${at(p)}expected an array`;
    for (const [i, item] of v.entries()) {
      const problem = check(item, `${p}.${i}`);
      if (problem) return problem;
    }
    return null;
  };
/** An object with these fields; fields a newer server adds pass through. */
const object =
  (fields: Readonly<Record<string, Check>>): Check =>
  (v, p) => {
    if (!isObject(v)) return `${at(p)}expected an object`;
    for (const [key, check] of Object.entries(fields)) {
      const problem = check(v[key], p === "" ? key : `${p}.${key}`);
      if (problem) return problem;
    }
    return null;
  };
const anything: Check = () => null;

const errorBody = object({
  code: oneOf(SERVER_ERROR_CODES),
  message: str(),
  hint: optional(str()),
  failure: anything,
});

/** A row of the server's table: what `hmux ls` prints and a TUI's pane list follows. */
const sessionRow = object({
  id: str(1),
  name: str(1),
  harness: str(1),
  lifecycle: str(1),
  cwd: str(),
  createdAt: str(),
  pending: int(0),
  harnessSessionId: nullable(str()),
  closed: optional(object({ cause: str(), exitCode: nullable(num) })),
  restored: optional(object({ lostCalls: int(0), cut: nullable(str()), problems: int(0) })),
  native: optional(
    object({
      kind: str(1),
      pid: int(),
      cols: int(1),
      rows: int(1),
      stateKnown: bool,
      exit: optional(object({ code: nullable(num), signal: nullable(num) })),
    }),
  ),
  label: optional(str()),
  prompt: optional(str()),
  model: optional(str()),
  effort: optional(str()),
  settings: optional(arrayOf(object({ key: str(1), tier: str(1), divergence: optional(str()) }))),
  workspace: optional(object({ name: str(), branch: str(), base: str(), repo: str(), path: str() })),
});

/** A session's control state (ControlSnapshot): what an inspector shows. */
export const controlState = object({
  frame: nullable(str()),
  posture: nullable(str()),
  pending: arrayOf(object({ callId: str(1), tool: str(1), openedAt: num, deadlineAt: nullable(num) })),
  census: (v, p) => {
    if (!isObject(v)) return `${at(p)}expected an object`;
    for (const [k, n] of Object.entries(v)) if (typeof n !== "number") return `${p}.${k}: expected a number`;
    return null;
  },
});

/** Each message kind's check: a line is checked against the one its kind names. */
const MESSAGES: Readonly<Record<ServerMessage["kind"], Check>> = {
  hello: object({ protocol: str(), version: str(), pid: int(), home: str(1), clientId: str() }),
  reply: (v, p) => {
    const r = v as Record<string, unknown>;
    if (r.ok === true) return str(1)(r.req, "req");
    if (r.ok === false) return nullable(str(1))(r.req, "req") ?? errorBody(r.error, "error");
    return `${at(p)}ok: expected true or false`;
  },
  event: object({ session: str(1), event: object({ kind: str(1) }) }),
  table: object({ change: oneOf(["created", "updated", "removed"]), session: sessionRow }),
  control: object({ session: str(1), control: controlState }),
  output: object({ session: str(1), data: str() }),
  error: object({ error: errorBody }),
  bye: object({ reason: str() }),
};

/** Whether a parsed line claims to be a message (an object whose kind this protocol has). */
export function claimsMessage(value: unknown): boolean {
  return isObject(value) && typeof value.kind === "string" && Object.hasOwn(MESSAGES, value.kind);
}

/** One line from the server as a message, or the PROTOCOL_ERROR that says what was wrong with it. */
export function parseServerLine(text: string): ServerMessage | ServerError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed(text, "it is not JSON");
  }
  return checkServerMessage(value, text);
}

/** A parsed line (`text` as it came, to quote) as a message, or the PROTOCOL_ERROR saying what was wrong. */
export function checkServerMessage(value: unknown, text: string): ServerMessage | ServerError {
  if (!claimsMessage(value)) {
    const kind = isObject(value) ? value.kind : undefined;
    return malformed(text, `it is not a message of this protocol (kind ${JSON.stringify(kind) ?? "missing"})`);
  }
  const kind = (value as { kind: ServerMessage["kind"] }).kind;
  const problem = MESSAGES[kind](value, "");
  return problem ? malformed(text, `a ${kind} line ${problem}`) : (value as ServerMessage);
}

/** The rows of a `list` reply, or the PROTOCOL_ERROR naming the first field that is wrong. */
export function checkSessionRows(value: unknown): SessionSummary[] | ServerError {
  const problem = arrayOf(sessionRow)(value, "sessions");
  if (problem)
    return new ServerError("PROTOCOL_ERROR", `the hmux server sent a malformed list reply: ${problem}`, HINT);
  return value as SessionSummary[];
}

const HINT = "if the server is another hmux version, stop it with `hmux kill-server` and start it again";

function malformed(text: string, why: string): ServerError {
  // Quoted only by its start: it may be long, or not text at all.
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ServerError(
    "PROTOCOL_ERROR",
    `the hmux server sent a malformed line (${why}): ${JSON.stringify(start)}; the connection is closed`,
    HINT,
  );
}
