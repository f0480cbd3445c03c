/**
 * The session journal: `$XDG_STATE_HOME/hmux/sessions/<id>.ndjson`, one record per session event,
 * in the order the session emitted them. This file is the format and its reader; the writer
 * (an injected file port) lives with the session runtime.
 *
 * Record: {"format":"hmux.journal/1","seq":1,"time":"<ISO-8601>","session":"<id>","event":{…}}
 *   seq     1, 2, 3 … per session file, no gaps: a gap or a repeat is reported, never repaired;
 *   time    the runtime clock when the event was emitted (not the harness's own timestamp);
 *   event   a SessionEvent (HarnessEvent or ControlEvent), verbatim, `kind` first-class.
 *
 * Flush policy (recommended to the writer, and what the reader assumes):
 *   1. One write(2) per record, the whole line including its "\n", on a file opened O_APPEND.
 *      No user-space buffering across records: a SIGKILL of hmux loses nothing already emitted,
 *      because written bytes sit in the kernel's page cache, which outlives the process.
 *   2. fdatasync after every record that settles something — approval-disposition,
 *      approval-cleared, command.result, state, closed — so an OS crash loses at most the
 *      stream text written since the last decision, never a decision. Other records (tokens,
 *      progress) are not synced individually; the next settling record syncs them too.
 *   3. A record is written before the effect it describes is delivered to the harness
 *      (journal first, then deliver), so the journal never lacks a decision the harness got.
 *   4. A torn last line (power loss mid-write) is reported by the reader as `truncatedTail` and
 *      ignored; every complete line before it is intact.
 */
import * as z from "zod/mini";
import "../schema-locale.js";
// The refinement context's type by a second name: the build vendors every member named through `z`.
import type * as zod from "zod/mini";
import { eventJson } from "./event-json.js";
import type { SessionEvent } from "./types.js";

export const JOURNAL_FORMAT = "hmux.journal/1";

/** Events after which the writer should fdatasync (flush policy rule 2). */
export const SYNC_AFTER_KINDS: ReadonlySet<string> = new Set([
  "approval-disposition",
  "approval-cleared",
  "command.result",
  "state",
  "closed",
  "session",
  "disposition",
  "rule",
]);

const refused = z.object({
  code: z.enum(["MALFORMED", "UNSUPPORTED_CONTROL", "UNKNOWN_CALL", "TOO_LATE", "SHADOWED"]),
  reason: z.string(),
});
const decision = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("allow") }),
  z.object({ decision: z.literal("deny"), reason: z.string().check(z.minLength(1)) }),
  z.object({ decision: z.literal("replace"), input: z.unknown() }),
  z.object({ decision: z.literal("abstain") }),
]);
const lifecycle = z.enum([
  "starting",
  "idle",
  "running",
  "awaiting-input",
  "awaiting-approval",
  "closing",
  "closed",
  "failed",
]);

/** Control events are checked field by field; any other kind (a HarnessEvent, a future kind) only needs a `kind`. */
const controlEventSchemas: Readonly<Record<string, z.ZodMiniType>> = {
  state: z.object({ kind: z.literal("state"), from: lifecycle, to: lifecycle, reason: z.optional(z.string()) }),
  "approval-request": z.object({
    kind: z.literal("approval-request"),
    call: z.looseObject({
      callId: z.string(),
      tool: z.string(),
      input: z.unknown(),
      openedAt: z.number(),
      deadlineAt: z.nullable(z.number()),
    }),
  }),
  "approval-disposition": z.looseObject({
    kind: z.literal("approval-disposition"),
    callId: z.string(),
    decision,
    decider: z.string(),
    status: z.enum(["sent", "rejected"]),
  }),
  "approval-cleared": z.object({ kind: z.literal("approval-cleared"), callId: z.string(), reason: z.string() }),
  "command.result": z.object({
    kind: z.literal("command.result"),
    id: z.nullable(z.string()),
    outcome: z.union([z.looseObject({ result: z.literal("ok") }), z.object({ result: z.literal("refused"), refused })]),
  }),
  closed: z.looseObject({ kind: z.literal("closed"), exitCode: z.nullable(z.number()), cause: z.string() }),
  warning: z.object({ kind: z.literal("warning"), code: z.string(), message: z.string() }),
  rule: z.object({
    kind: z.literal("rule"),
    change: z.enum(["added", "revoked"]),
    rule: z.object({
      id: z.string().check(z.minLength(1)),
      tool: z.string(),
      match: z.looseObject({ kind: z.string() }),
      allows: z.string(),
    }),
    by: z.string(),
  }),
};

const anyEvent = z.looseObject({ kind: z.string().check(z.minLength(1)) });

/** A control event's fields, checked; any other kind passes as it is. */
function checkControlEvent(event: { kind: string }, ctx: zod.core.$RefinementCtx): void {
  const schema = controlEventSchemas[event.kind];
  if (!schema) return;
  const r = schema.safeParse(event);
  if (!r.success)
    for (const issue of r.error.issues)
      ctx.addIssue({ code: "custom", message: `${event.kind}: ${issue.path.join(".")} ${issue.message}` });
}

/** One SessionEvent as it crosses a boundary (a journal line, the hmux server's socket): control events field by field. */
export const sessionEventSchema = anyEvent.check(z.superRefine(checkControlEvent));

/**
 * Many SessionEvents at once (an attach's replay: thousands), checked as sessionEventSchema
 * checks one, but in one pass that neither copies each event nor pays a parse per event. A
 * failing event's issues carry its index as the first path element.
 */
export const sessionEventListSchema = z.array(
  z
    .custom<{ kind: string }>(
      (value) =>
        typeof value === "object" &&
        value !== null &&
        typeof (value as { kind?: unknown }).kind === "string" &&
        (value as { kind: string }).kind.length > 0,
      "an event is an object with a non-empty kind",
    )
    .check(z.superRefine(checkControlEvent)),
);

export const journalRecordSchema = z.object({
  format: z.literal(JOURNAL_FORMAT),
  seq: z.number().check(z.int(), z.positive()),
  time: z.iso.datetime(),
  session: z.string().check(z.minLength(1)),
  event: sessionEventSchema,
});

export interface JournalRecord {
  readonly format: typeof JOURNAL_FORMAT;
  readonly seq: number;
  readonly time: string;
  readonly session: string;
  readonly event: SessionEvent;
}

export function journalRecord(session: string, seq: number, epochMs: number, event: SessionEvent): JournalRecord {
  return { format: JOURNAL_FORMAT, seq, time: new Date(epochMs).toISOString(), session, event };
}

/**
 * The exact bytes of one record: one line, ending in "\n" (one write per record). The same bytes
 * as JSON.stringify of the record (its keys in this order), the event's JSON shared with the
 * clients' event lines (event-json.ts).
 */
export function encodeJournalRecord(record: JournalRecord): string {
  const { format, seq, time, session, event } = record;
  return `{"format":${JSON.stringify(format)},"seq":${seq},"time":${JSON.stringify(time)},"session":${JSON.stringify(session)},"event":${eventJson(event)}}\n`;
}

export interface JournalProblem {
  readonly line: number;
  readonly reason: string;
}

export interface JournalReading {
  readonly records: readonly JournalRecord[];
  /** Lines that are complete but wrong (bad JSON, bad shape, seq gap, another session): reported, not dropped silently. */
  readonly problems: readonly JournalProblem[];
  /** The last line has no newline and does not parse: a write torn by a crash. */
  readonly truncatedTail: boolean;
}

export function readJournal(text: string): JournalReading {
  const lines = text.split("\n");
  const tail = lines.pop() ?? "";
  const records: JournalRecord[] = [];
  const problems: JournalProblem[] = [];
  let truncatedTail = false;
  const take = (line: string, number: number, isTail: boolean) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      if (isTail) truncatedTail = true;
      else problems.push({ line: number, reason: "not JSON" });
      return;
    }
    const parsed = journalRecordSchema.safeParse(value);
    if (!parsed.success) {
      problems.push({
        line: number,
        reason: parsed.error.issues.map((i) => `${i.path.join(".") || "(record)"}: ${i.message}`).join("; "),
      });
      return;
    }
    const record = parsed.data as unknown as JournalRecord;
    const previous = records.at(-1);
    if (previous && record.session !== previous.session)
      problems.push({ line: number, reason: `session ${record.session} in the journal of ${previous.session}` });
    const expected = previous ? previous.seq + 1 : 1;
    if (record.seq !== expected)
      problems.push({ line: number, reason: `seq ${record.seq} where ${expected} was expected` });
    records.push(record);
  };
  lines.forEach((line, i) => {
    take(line, i + 1, false);
  });
  take(tail, lines.length + 1, true);
  return { records, problems, truncatedTail };
}
