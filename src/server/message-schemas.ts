/**
 * The server's messages as zod schemas, for the client to check each line against
 * (src/server/message-check.ts). Written with zod/mini, which the build vendors as only the part hmux
 * uses (scripts/build.mjs): `hmux ls` is a client that a script calls in a loop, and the whole of zod
 * (one ~760 KB module) more than doubled its start-up (test/unit/cli/lazy-loading.test.ts holds it out).
 *
 * Objects are loose: a field a newer server adds passes through (a reply's payload is its extra
 * fields). A session's event is checked only as an object with a `kind`: the port that shows it
 * checks it in full and turns an unreadable one into a warning in its pane rather than losing the
 * connection. The TUI, which loads the whole of zod anyway, checks the payloads it uses in full on
 * top of these (src/tui-client/server-wire.ts).
 */
import * as z from "zod/mini";
import type { ControlSnapshot } from "../core/exec/control-snapshot.js";
import { PROVENANCE_TIERS } from "../core/options/types.js";
import { SERVER_ERROR_CODES } from "./errors.js";
import type { ServerMessage, SessionSummary } from "./protocol.js";

const text = () => z.string();
const word = () => z.string().check(z.minLength(1));
const count = () => z.int().check(z.gte(0));

const errorBody = z.looseObject({
  code: z.enum(SERVER_ERROR_CODES),
  message: text(),
  hint: z.optional(text()),
  failure: z.optional(z.unknown()),
});

/** A row of the server's table: what `hmux ls` prints and a TUI's pane list follows. */
export const sessionRow = z.looseObject({
  id: word(),
  name: word(),
  harness: word(),
  lifecycle: word(),
  cwd: text(),
  createdAt: text(),
  pending: count(),
  harnessSessionId: z.nullable(text()),
  closed: z.optional(z.looseObject({ cause: text(), exitCode: z.nullable(z.number()) })),
  restored: z.optional(z.looseObject({ lostCalls: count(), cut: z.nullable(text()), problems: count() })),
  native: z.optional(
    z.looseObject({
      kind: word(),
      pid: z.int(),
      cols: z.int().check(z.gte(1)),
      rows: z.int().check(z.gte(1)),
      stateKnown: z.boolean(),
      interruptKey: z.string().check(z.minLength(1), z.maxLength(16)),
      exit: z.optional(z.looseObject({ code: z.nullable(z.number()), signal: z.nullable(z.number()) })),
    }),
  ),
  label: z.optional(text()),
  prompt: z.optional(text()),
  model: z.optional(text()),
  effort: z.optional(text()),
  settings: z.optional(
    z.array(
      z.looseObject({
        key: word(),
        // A setting whose value is undefined has no "value" key once written as JSON; it reads back as undefined.
        value: z._default(z.unknown(), undefined),
        tier: z.enum(PROVENANCE_TIERS),
        divergence: z.optional(text()),
      }),
    ),
  ),
  workspace: z.optional(z.looseObject({ name: text(), branch: text(), base: text(), repo: text(), path: text() })),
});

export const sessionRows = z.array(sessionRow);

/** A session's control state (ControlSnapshot): what an inspector shows. */
const controlState = z.looseObject({
  frame: z.nullable(text()),
  posture: z.nullable(text()),
  pending: z.array(
    z.looseObject({
      callId: word(),
      tool: word(),
      input: z.unknown(),
      openedAt: z.number(),
      deadlineAt: z.nullable(z.number()),
    }),
  ),
  census: z.record(z.string(), z.number()),
  rules: z.optional(
    z.array(
      z.looseObject({
        id: word(),
        tool: word(),
        match: z.discriminatedUnion("kind", [
          z.looseObject({ kind: z.literal("command"), words: z.array(text()) }),
          z.looseObject({ kind: z.literal("path"), path: text(), under: z.boolean() }),
          z.looseObject({ kind: z.literal("tool") }),
        ]),
        allows: text(),
      }),
    ),
  ),
});

/** Each message kind's schema: a line is checked against the one its kind names. */
export const MESSAGES = {
  hello: z.looseObject({
    kind: z.literal("hello"),
    protocol: text(),
    version: text(),
    pid: z.int(),
    home: word(),
    clientId: text(),
  }),
  reply: z.discriminatedUnion("ok", [
    z.looseObject({ kind: z.literal("reply"), req: word(), ok: z.literal(true) }),
    z.looseObject({ kind: z.literal("reply"), req: z.nullable(word()), ok: z.literal(false), error: errorBody }),
  ]),
  event: z.looseObject({
    kind: z.literal("event"),
    session: word(),
    event: z.looseObject({ kind: word() }),
    at: z.optional(z.number()),
  }),
  table: z.looseObject({
    kind: z.literal("table"),
    change: z.enum(["created", "updated", "removed"]),
    session: sessionRow,
  }),
  control: z.looseObject({ kind: z.literal("control"), session: word(), control: controlState }),
  output: z.looseObject({ kind: z.literal("output"), session: word(), data: text() }),
  error: z.looseObject({ kind: z.literal("error"), error: errorBody }),
  bye: z.looseObject({ kind: z.literal("bye"), reason: text() }),
} as const;

// The schemas and the protocol's types must agree: each kind's parsed value is assignable to that
// kind's message, so a field added to src/server/protocol.ts without its schema fails to compile.
// The one exception is deliberate (see above): an event is checked only as far as its `kind`.
type MessageOf<K extends ServerMessage["kind"]> = Extract<ServerMessage, { kind: K }>;
type AsChecked<M> = M extends { kind: "event" } ? Omit<M, "event"> & { readonly event: { readonly kind: string } } : M;
type Agrees<K extends ServerMessage["kind"]> =
  z.infer<(typeof MESSAGES)[K]> extends AsChecked<MessageOf<K>> ? true : false;
/** Every kind agrees, and the table has one schema per kind of the protocol. */
export const SCHEMAS_AGREE: { readonly [K in ServerMessage["kind"]]: Agrees<K> } & {
  readonly [K in Exclude<keyof typeof MESSAGES, ServerMessage["kind"]>]: never;
} = { hello: true, reply: true, event: true, table: true, control: true, output: true, error: true, bye: true };
type RowAgrees = z.infer<typeof sessionRow> extends SessionSummary ? true : false;
type ControlAgrees = z.infer<typeof controlState> extends ControlSnapshot ? true : false;
export const ROW_AND_CONTROL_AGREE: readonly [RowAgrees, ControlAgrees] = [true, true];
