/**
 * What a client accepts off the server's connection: every line is checked here before it is
 * dispatched, against the protocol's schemas (src/server/message-schemas.ts), so a server of
 * another build, a relay that mangled a line or a remote shell that printed into the stream cannot
 * hand the client a value its types do not describe. A line that fails is a PROTOCOL_ERROR naming
 * the field and what was wrong.
 */
import type { $ZodIssue } from "zod/v4/core";
import { ServerError } from "./errors.js";
import { MESSAGES, sessionRows } from "./message-schemas.js";
import type { ServerMessage, SessionSummary } from "./protocol.js";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

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
  const checked = MESSAGES[kind].safeParse(value);
  // An event's payload is checked only as far as its kind (message-schemas.ts says why).
  return checked.success
    ? (checked.data as ServerMessage)
    : malformed(text, `${article(kind)} ${kind} line ${problem(checked.error.issues)}`);
}

/** The rows of a `list` reply, or the PROTOCOL_ERROR naming the first field that is wrong. */
export function checkSessionRows(value: unknown): SessionSummary[] | ServerError {
  const checked = sessionRows.safeParse(value);
  if (checked.success) return checked.data;
  return new ServerError(
    "PROTOCOL_ERROR",
    `the hmux server sent a malformed list reply: ${problem(checked.error.issues, "sessions")}`,
    HINT,
  );
}

const HINT = "if the server is another hmux version, stop it with `hmux kill-server` and start it again";

/**
 * The first issue as "where: what". Said here rather than by zod's locale: zod/mini loads none,
 * and the whole of zod, when the TUI has loaded it, sets one for every copy of zod in the process,
 * so the same line would read differently depending on what else was loaded.
 */
function problem(issues: readonly $ZodIssue[], root = ""): string {
  const issue = issues[0];
  if (!issue) return "is not valid";
  const path = [root, ...issue.path.map(String)].filter((p) => p !== "").join(".");
  return `${path === "" ? "" : `${path}: `}${what(issue)}`;
}

function what(issue: $ZodIssue): string {
  switch (issue.code) {
    case "invalid_type":
      return issue.expected === "int" ? "expected an integer" : `expected ${article(issue.expected)} ${issue.expected}`;
    case "too_small":
      return issue.origin === "string" && Number(issue.minimum) === 1
        ? "expected a non-empty string"
        : `below ${issue.minimum}`;
    case "invalid_value":
      return `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      return "matches none of the forms it may take";
    default:
      return `is not valid (${issue.code})`;
  }
}

const article = (noun: string) => (/^[aeiou]/.test(noun) ? "an" : "a");

function malformed(text: string, why: string): ServerError {
  // Quoted only by its start: it may be long, or not text at all.
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ServerError(
    "PROTOCOL_ERROR",
    `the hmux server sent a malformed line (${why}): ${JSON.stringify(start)}; the connection is closed`,
    HINT,
  );
}
