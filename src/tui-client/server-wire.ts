/**
 * What a TUI takes off the hmux server's socket, checked: a session row, the replies to
 * create / attach / input, and each event. The server is this user's own process, but it may be
 * another version or another host's (over ssh), so nothing it sends reaches the store unchecked.
 */
import { z } from "zod";
import { sessionEventListSchema, sessionEventSchema } from "../core/control/journal-format.js";
import type { CommandOutcome, Disposition, SessionEvent } from "../core/control/types.js";
import { PROVENANCE_TIERS } from "../core/options/types.js";
import type { SessionSummary } from "../server/protocol.js";

/** A row of the server's table (SessionSummary), checked in full; fields a newer server adds pass through. */
export const sessionSummarySchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    harness: z.string().min(1),
    lifecycle: z.string(),
    cwd: z.string(),
    createdAt: z.string(),
    pending: z.number().int().min(0),
    deadlineInMs: z.number().min(0).optional(),
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
        interruptKey: z.string().min(1).max(16),
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

export const createReplySchema = z.object({ session: sessionSummarySchema, notes: z.array(z.string()).default([]) });
/** A session's control state as the server sends it (ControlSnapshot): what the pane's inspector shows. */
export const controlSnapshotSchema = z.object({
  frame: z.string().nullable(),
  posture: z.string().nullable(),
  pending: z.array(
    z
      .object({
        callId: z.string().min(1),
        tool: z.string().min(1),
        canonical: z.string().optional(),
        input: z.unknown(),
        openedAt: z.number(),
        deadlineAt: z.number().nullable(),
      })
      .loose(),
  ),
  census: z.record(z.string(), z.number()),
  rules: z
    .array(
      z
        .object({
          id: z.string().min(1),
          tool: z.string().min(1),
          match: z.discriminatedUnion("kind", [
            z.object({ kind: z.literal("command"), words: z.array(z.string()) }),
            z.object({ kind: z.literal("path"), path: z.string(), under: z.boolean() }),
            z.object({ kind: z.literal("tool") }),
          ]),
          allows: z.string(),
        })
        .loose(),
    )
    .optional(),
});

export const attachReplySchema = z.object({
  session: sessionSummarySchema,
  replayed: z.number().int().min(0),
  truncated: z.boolean(),
  /** A batched attach's replay; each one is checked on its own (parseEvent), so one bad event costs only itself. */
  events: z.array(z.unknown()).optional(),
  /** When each of `events` was emitted (epoch ms on the server's clock); absent from an older server. */
  times: z.array(z.number()).optional(),
  /** The server's clock when it took the replay: what maps `times` onto this machine's clock. */
  now: z.number().optional(),
  /** The control state when the attach was made; null while no harness runs the session. */
  control: controlSnapshotSchema.nullable().optional(),
});
export const listReplySchema = z.object({ sessions: z.array(sessionSummarySchema) });

const outcomeSchema = z.union([
  z.object({ result: z.literal("ok") }).loose(),
  z.object({
    result: z.literal("refused"),
    refused: z.object({
      code: z.enum(["MALFORMED", "UNSUPPORTED_CONTROL", "UNKNOWN_CALL", "TOO_LATE", "SHADOWED"]),
      reason: z.string(),
    }),
  }),
]);

/** What one `input` line produced: the session's own answer to it (see LineAnswer), or plain acceptance. */
const answerSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("command.result"), id: z.string().nullable(), outcome: outcomeSchema }),
  z.object({ kind: z.literal("disposition"), id: z.string(), disposition: z.string(), reason: z.string().optional() }),
  z.object({ kind: z.literal("error"), message: z.string() }).loose(),
  z.object({ kind: z.literal("accepted") }),
]);
export const inputReplySchema = z.object({ answer: answerSchema });
export type InputAnswer = z.infer<typeof answerSchema>;

/** Parses a payload or throws an Error that names what was wrong. */
export function parseWire<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new Error(
    `the hmux server sent a malformed ${what}: ${issue ? `${issue.path.join(".")} ${issue.message}` : ""}`,
  );
}

export function asSummary(value: z.infer<typeof sessionSummarySchema>): SessionSummary {
  return value as SessionSummary;
}

/** An event off the wire, or null when it is not a SessionEvent. */
export function parseEvent(value: unknown): SessionEvent | null {
  const r = sessionEventSchema.safeParse(value);
  return r.success ? (r.data as unknown as SessionEvent) : null;
}

/** A replay's events, checked in one pass; each one that is not a SessionEvent is null in its place. */
export function parseEvents(values: readonly unknown[]): (SessionEvent | null)[] {
  const r = sessionEventListSchema.safeParse(values);
  if (r.success) return r.data as unknown as SessionEvent[];
  const bad = new Set(r.error.issues.map((issue) => issue.path[0]));
  return values.map((value, i) => (bad.has(i) ? null : (value as SessionEvent)));
}

/** A send's or answer's answer as the TUI's Disposition. */
export function dispositionOf(answer: InputAnswer): Disposition {
  switch (answer.kind) {
    case "disposition":
      return answer.disposition === "started"
        ? { disposition: "started" }
        : { disposition: "rejected", reason: answer.reason ?? answer.disposition };
    case "error":
      return { disposition: "rejected", reason: answer.message };
    case "command.result":
      return answer.outcome.result === "ok"
        ? { disposition: "started" }
        : { disposition: "rejected", reason: answer.outcome.refused.reason };
    case "accepted":
      return { disposition: "started" };
  }
}

/** A command's answer as the TUI's CommandOutcome. */
export function outcomeOf(answer: InputAnswer): CommandOutcome {
  switch (answer.kind) {
    case "command.result":
      return answer.outcome as CommandOutcome;
    case "error":
      return { result: "refused", refused: { code: "MALFORMED", reason: answer.message } };
    case "disposition":
      return answer.disposition === "started"
        ? { result: "ok" }
        : { result: "refused", refused: { code: "TOO_LATE", reason: answer.reason ?? answer.disposition } };
    case "accepted":
      return { result: "ok" };
  }
}
