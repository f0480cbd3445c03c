/**
 * Every line the server sends, by its `kind`. A reply's envelope is checked here and its payload by
 * the schema of the op it answers (replies.ts), which only the client that asked knows. A session's
 * event is checked here only as an object with a `kind`: the port that shows it checks it in full
 * (core's session-event schema) and turns one it cannot read into a warning in its pane, rather than
 * losing the connection for it.
 */
import * as z from "zod/mini";
import { ControlSnapshotSchema } from "./control.js";
import { ErrorBodySchema } from "./error-body.js";
import type { Frozen } from "./frozen.js";
import { SessionSummarySchema } from "./session-row.js";

const nonEmpty = () => z.string().check(z.minLength(1));

export const HelloSchema = z.lazy(() =>
  z.object({
    kind: z.literal("hello"),
    protocol: z.string(),
    version: z.string(),
    pid: z.int(),
    /**
     * The home folder of the server's user, on the server's machine: a client on another machine
     * (`--host`) opens new panes there unless told a path, since its own cwd means nothing there.
     */
    home: nonEmpty(),
    clientId: z.string(),
  }),
);
export type Hello = z.infer<typeof HelloSchema>;

/** A reply's envelope: its payload's fields (replies.ts) ride beside these, so the object is loose. */
export const ReplySchema = z.lazy(() =>
  z.discriminatedUnion("ok", [
    z.looseObject({ kind: z.literal("reply"), req: nonEmpty(), ok: z.literal(true) }),
    z.object({ kind: z.literal("reply"), req: z.nullable(nonEmpty()), ok: z.literal(false), error: ErrorBodySchema }),
  ]),
);
export type Reply = z.infer<typeof ReplySchema>;

export const TABLE_CHANGES = ["created", "updated", "removed"] as const;
export type TableChange = (typeof TABLE_CHANGES)[number];

/** Each message kind's schema: a line is checked against the one its kind names. */
export const MESSAGE_SCHEMAS = {
  hello: HelloSchema,
  reply: ReplySchema,
  /**
   * A session's event, for a session this client attached. One sent late carries `at`, when the
   * session emitted it (the server's clock, epoch ms): one emitted while an attach was being
   * answered, or while this client read too slowly to be sent it (src/server/session-feed.ts).
   */
  event: z.lazy(() =>
    z.object({
      kind: z.literal("event"),
      session: nonEmpty(),
      event: z.looseObject({ kind: nonEmpty() }),
      at: z.optional(z.number()),
    }),
  ),
  /** A session was created, changed or removed: every client sees the same table. */
  table: z.lazy(() =>
    z.object({ kind: z.literal("table"), change: z.enum(TABLE_CHANGES), session: SessionSummarySchema }),
  ),
  /** The control state of a session this client attached, whenever it changed. */
  control: z.lazy(() => z.object({ kind: z.literal("control"), session: nonEmpty(), control: ControlSnapshotSchema })),
  /** Raw pty bytes (base64) of a native session this client attached. */
  output: z.lazy(() => z.object({ kind: z.literal("output"), session: nonEmpty(), data: z.string() })),
  /** Connection-level: a refused login, or the server going away; the server hangs up after it. */
  error: z.lazy(() => z.object({ kind: z.literal("error"), error: ErrorBodySchema })),
  bye: z.lazy(() => z.object({ kind: z.literal("bye"), reason: z.string() })),
} as const;

export type MessageKind = keyof typeof MESSAGE_SCHEMAS;
export type ServerMessage = { [K in MessageKind]: z.infer<(typeof MESSAGE_SCHEMAS)[K]> }[MessageKind];
/** What the server may write: a message as its schema takes it in (a session's event is any SessionEvent). */
export type OutgoingMessage = { [K in MessageKind]: Frozen<z.input<(typeof MESSAGE_SCHEMAS)[K]>> }[MessageKind];
