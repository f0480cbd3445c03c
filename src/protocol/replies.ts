/**
 * What each request's reply carries besides `kind`, `req` and `ok`: one payload schema per op. The
 * server's op returns exactly this (its type is the op's `run` result), and every client parses the
 * reply to its request with it, so a payload the two sides read differently fails on the first line
 * that carries it, and in the hub tests (test/unit/server/wire-check.ts) before it ships.
 */
import * as z from "zod/mini";
import { REFUSAL_CODES } from "../core/control/types.js";
import { ControlSnapshotSchema } from "./control.js";
import type { Frozen } from "./frozen.js";
import { HarnessesReplySchema } from "./harness-offer.js";
import { AuditEntrySchema, InboxItemSchema } from "./inbox.js";
import { PlanReplySchema } from "./plan.js";
import type { RequestOp } from "./requests.js";
import { SessionSummarySchema } from "./session-row.js";

const created = z.lazy(() =>
  z.object({
    session: SessionSummarySchema,
    /** What the launch had to say (a setting the harness cannot express, a worktree made): shown, not fatal. */
    notes: z.array(z.string()),
  }),
);

/** A native session's screen on attach: `data` (base64) draws it on a fresh `cols` × `rows` terminal. */
export const NativeScreenSchema = z.lazy(() =>
  z.object({
    cols: z.int().check(z.gte(1)),
    rows: z.int().check(z.gte(1)),
    data: z.string(),
  }),
);
export type NativeScreen = z.infer<typeof NativeScreenSchema>;

/**
 * The attach reply. `events` is the replay (the newest `replayed` of the session's kept events;
 * `truncated`: older ones were dropped from its window), each checked by the port that shows it, so
 * one event this client cannot read costs only itself; `times` says when each was emitted, on the
 * server's clock, whose reading at the replay is `now`. Every later event follows as an event line.
 */
export const AttachReplySchema = z.lazy(() =>
  z.object({
    session: SessionSummarySchema,
    replayed: z.int().check(z.gte(0)),
    truncated: z.boolean(),
    now: z.number(),
    events: z.array(z.unknown()),
    times: z.array(z.number()),
    /** The control state when the attach was made; null while no harness runs the session. */
    control: z.nullable(ControlSnapshotSchema),
    /** A native session's screen as it is; its output follows as output lines. */
    screen: z.optional(NativeScreenSchema),
  }),
);
export type AttachReply = z.infer<typeof AttachReplySchema>;

const OutcomeSchema = z.lazy(() =>
  z.union([
    z.looseObject({ result: z.literal("ok") }),
    z.object({ result: z.literal("refused"), refused: z.object({ code: z.enum(REFUSAL_CODES), reason: z.string() }) }),
  ]),
);

/** What one `input` line produced: the session's own answer to it, or plain acceptance (a blank line, a close). */
export const InputAnswerSchema = z.lazy(() =>
  z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("command.result"), id: z.nullable(z.string()), outcome: OutcomeSchema }),
    z.object({
      kind: z.literal("disposition"),
      id: z.string(),
      disposition: z.enum(["started", "rejected"]),
      reason: z.optional(z.string()),
    }),
    z.object({ kind: z.literal("error"), message: z.string(), terminal: z.optional(z.boolean()) }),
    z.object({ kind: z.literal("accepted") }),
  ]),
);
export type InputAnswer = z.infer<typeof InputAnswerSchema>;

/** A race's contestant as it started: its session's row, or why it could not open. */
const RaceContestantSchema = z.lazy(() =>
  z.object({
    harness: z.string(),
    session: z.optional(SessionSummarySchema),
    failed: z.optional(z.string()),
  }),
);

/** What ending a race did, beside its words (`text`): the worktrees removed, the branches kept, what stayed and why. */
const raceEnd = () => ({
  race: z.string(),
  text: z.string(),
  removed: z.array(z.string()),
  branchesKept: z.array(z.string()),
  kept: z.array(z.object({ workspace: z.string(), reason: z.string() })),
});

/** Each op's reply payload. */
export const REPLY_SCHEMAS = {
  list: z.lazy(() => z.object({ sessions: z.array(SessionSummarySchema) })),
  create: created,
  "create-native": created,
  attach: AttachReplySchema,
  detach: z.lazy(() => z.object({ detached: z.array(z.string()) })),
  rename: z.lazy(() => z.object({ session: SessionSummarySchema })),
  kill: z.lazy(() => z.object({ session: SessionSummarySchema })),
  resume: created,
  input: z.lazy(() => z.object({ session: z.string(), answer: InputAnswerSchema })),
  inbox: z.lazy(() => z.object({ items: z.array(InboxItemSchema) })),
  decide: z.lazy(() =>
    z.object({
      session: z.string(),
      callId: z.string(),
      /** The rule an allow with a scope made. */
      rule: z.optional(z.string()),
      /** What reached the harness when it differs from the decision (an abstain sent as a deny). */
      sent: z.optional(z.string()),
    }),
  ),
  audit: z.lazy(() => z.object({ entries: z.array(AuditEntrySchema) })),
  "kill-server": z.lazy(() => z.object({ pid: z.int() })),
  write: z.lazy(() => z.object({})),
  resize: z.lazy(() => z.object({ cols: z.int(), rows: z.int() })),
  plan: PlanReplySchema,
  harnesses: HarnessesReplySchema,
  "race.start": z.lazy(() =>
    z.object({ race: z.string(), contestants: z.array(RaceContestantSchema), notes: z.array(z.string()) }),
  ),
  /**
   * `scorecard` is src/race's scorecard (scorecard-schema.ts: the race record's and `hmux race
   * --json`'s format too), checked by the client that shows it with that schema: it is written
   * in the whole of zod, which this module keeps out of `hmux ls`'s start-up.
   */
  "race.score": z.lazy(() => z.object({ race: z.string(), scorecard: z.unknown() })),
  "race.pick": z.lazy(() => z.object({ ...raceEnd(), merge: z.enum(["fast-forward", "merge-commit", "up-to-date"]) })),
  "race.discard": z.lazy(() => z.object(raceEnd())),
} as const satisfies { readonly [Op in RequestOp]: z.ZodMiniType };

export type ReplyOf<Op extends RequestOp> = z.infer<(typeof REPLY_SCHEMAS)[Op]>;
/** What the server's op for `Op` returns: the payload as the schema takes it in. */
export type ReplyInput<Op extends RequestOp> = Frozen<z.input<(typeof REPLY_SCHEMAS)[Op]>>;
