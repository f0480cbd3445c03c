/**
 * What a client accepts off the server's connection: every line is checked here before it is
 * dispatched, so a server of another build, a relay that mangled a line or a remote shell that
 * printed into the stream cannot hand the client a value its types do not describe.
 *
 * The envelope of each message is checked field by field. A session's event is checked only as
 * an object with a `kind` here: the port that shows it checks it in full (sessionEventSchema)
 * and turns an unreadable one into a warning in its pane rather than losing the connection.
 */
import { z } from "zod";
import { PROVENANCE_TIERS } from "../core/options/types.js";
import { SERVER_ERROR_CODES, ServerError } from "./errors.js";
import type { ServerMessage } from "./protocol.js";

export const errorBodySchema = z.object({
  code: z.enum(SERVER_ERROR_CODES),
  message: z.string(),
  hint: z.string().optional(),
  failure: z.unknown().optional(),
});

/** A row of the server's table (SessionSummary); fields a newer server adds pass through. */
export const sessionSummarySchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    harness: z.string().min(1),
    lifecycle: z.string(),
    cwd: z.string(),
    createdAt: z.string(),
    pending: z.number().int().min(0),
    harnessSessionId: z.string().nullable(),
    closed: z.object({ cause: z.string(), exitCode: z.number().nullable() }).optional(),
    restored: z
      .object({ lostCalls: z.number().int().min(0), cut: z.string().nullable(), problems: z.number().int().min(0) })
      .optional(),
    native: z
      .object({
        kind: z.string().min(1),
        pid: z.number().int(),
        cols: z.number().int().min(1),
        rows: z.number().int().min(1),
        stateKnown: z.boolean(),
        exit: z.object({ code: z.number().nullable(), signal: z.number().nullable() }).optional(),
      })
      .optional(),
    label: z.string().optional(),
    prompt: z.string().optional(),
    model: z.string().optional(),
    effort: z.string().optional(),
    settings: z
      .array(
        z.object({
          key: z.string().min(1),
          value: z.unknown().optional(),
          tier: z.enum(PROVENANCE_TIERS),
          divergence: z.string().optional(),
        }),
      )
      .optional(),
    workspace: z
      .object({ name: z.string(), branch: z.string(), base: z.string(), repo: z.string(), path: z.string() })
      .optional(),
  })
  .loose();

const helloSchema = z
  .object({
    kind: z.literal("hello"),
    protocol: z.string(),
    version: z.string(),
    pid: z.number().int(),
    clientId: z.string(),
  })
  .loose();

const replySchema = z.union([
  z.object({ kind: z.literal("reply"), req: z.string(), ok: z.literal(true) }).loose(),
  z.object({ kind: z.literal("reply"), req: z.string().nullable(), ok: z.literal(false), error: errorBodySchema }),
]);

/** Each message kind's schema: a line is checked against the one its kind names. */
type Kind = ServerMessage["kind"];
const MESSAGE_SCHEMAS: Readonly<Record<Kind, z.ZodType>> = {
  hello: helloSchema,
  reply: replySchema,
  event: z.object({
    kind: z.literal("event"),
    session: z.string().min(1),
    event: z.object({ kind: z.string().min(1) }).loose(),
  }),
  table: z.object({
    kind: z.literal("table"),
    change: z.enum(["created", "updated", "removed"]),
    session: sessionSummarySchema,
  }),
  output: z.object({ kind: z.literal("output"), session: z.string().min(1), data: z.string() }),
  error: z.object({ kind: z.literal("error"), error: errorBodySchema }),
  bye: z.object({ kind: z.literal("bye"), reason: z.string() }),
};

/**
 * One line from the server as a message, or the PROTOCOL_ERROR that says what was wrong with
 * it (the line is quoted only by its start: it may be long, or not text at all).
 */
export function parseServerLine(text: string): ServerMessage | ServerError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return malformed(text, "it is not JSON");
  }
  return checkServerMessage(value, text);
}

/** Whether a parsed line claims to be a message (an object whose kind this protocol has). */
export function claimsMessage(value: unknown): boolean {
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  return typeof kind === "string" && Object.hasOwn(MESSAGE_SCHEMAS, kind);
}

/** A parsed line (`text` as it came, to quote) as a message, or the PROTOCOL_ERROR saying what was wrong. */
export function checkServerMessage(value: unknown, text: string): ServerMessage | ServerError {
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  const schema = claimsMessage(value) ? MESSAGE_SCHEMAS[kind as Kind] : null;
  if (!schema)
    return malformed(text, `it is not a message of this protocol (kind ${JSON.stringify(kind) ?? "missing"})`);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as ServerMessage;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return malformed(text, `a ${kind} line ${where}${issue?.message ?? "is invalid"}`);
}

function malformed(text: string, why: string): ServerError {
  const start = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return new ServerError(
    "PROTOCOL_ERROR",
    `the hmux server sent a malformed line (${why}): ${JSON.stringify(start)}`,
    "the connection is closed; if the server is another hmux version, stop it with `hmux kill-server` and start again",
  );
}
