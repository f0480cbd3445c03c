/**
 * The approval inbox and the audit trail on the wire: what `inbox` lists (every call waiting for
 * a decision and every question waiting for its answer, across the server's sessions, oldest
 * first) and what `audit` reads back from the journals (every decision, with who made it). The
 * server builds both; a client only shows them.
 */
import * as z from "zod/mini";

const nonEmpty = () => z.string().check(z.minLength(1));
const ms = () => z.number().check(z.gte(0));

export const InboxItemSchema = z.lazy(() =>
  z.object({
    kind: z.enum(["approval", "question"]),
    /** The session's id, name and harness. */
    session: nonEmpty(),
    name: nonEmpty(),
    harness: nonEmpty(),
    /** An approval's call id (what `hmux decide` names). */
    callId: z.optional(nonEmpty()),
    tool: z.optional(nonEmpty()),
    /** The command or path the call is about, or the question asked, on one line. */
    subject: z.string(),
    input: z.optional(z.unknown()),
    /** A question's options. */
    options: z.optional(z.array(z.string())),
    /** How long it has waited when the reply was made. */
    waitedMs: ms(),
    /** Ms until hmux denies it unanswered; null: no deadline (a question waits for ever). */
    deadlineInMs: z.nullable(ms()),
    /** What an allow with scope session would make a rule of, or why none is offered. */
    always: z.optional(z.union([z.object({ allows: z.string() }), z.object({ refused: z.string() })])),
    /** A path tool's one-path rule (scope path). */
    alwaysPath: z.optional(z.object({ allows: z.string() })),
  }),
);
export type InboxItem = z.infer<typeof InboxItemSchema>;

export const AuditEntrySchema = z.lazy(() =>
  z.object({
    session: nonEmpty(),
    /** The session's name and harness where the server still knows them. */
    name: z.optional(z.string()),
    harness: z.optional(z.string()),
    callId: nonEmpty(),
    tool: z.string(),
    input: z._default(z.unknown(), null),
    askedAt: z.nullable(z.string()),
    decidedAt: z.string(),
    decision: z.enum(["allow", "deny", "replace", "abstain"]),
    reason: z.optional(z.string()),
    replaced: z.optional(z.unknown()),
    /** person, program, policy, deadline, hmux, frame, observe, harness, rule:<id>. */
    decider: nonEmpty(),
    /** The client a person or program decided through, as it named itself. */
    via: z.optional(z.string()),
    rule: z.optional(z.object({ id: nonEmpty(), allows: z.string() })),
    basis: z.optional(z.string()),
    sent: z.optional(z.string()),
  }),
);
export type AuditEntryWire = z.infer<typeof AuditEntrySchema>;
