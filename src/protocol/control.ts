/**
 * A session's control state (core's ControlSnapshot) as the wire carries it: what a pane's inspector
 * shows. The type is core's, since the session runtime makes it; the schema must say the same, and
 * the checks below fail to compile when a field is added to one and not the other.
 */
import * as z from "zod/mini";
import type { AllowRule } from "../core/control/allow-rules.js";
import type { PendingCall } from "../core/control/types.js";
import type { ControlSnapshot } from "../core/exec/control-snapshot.js";

const nonEmpty = () => z.string().check(z.minLength(1));

// Loose: the session runtime keeps more on a call than PendingCall names (its digest, budget,
// classification), and a pane of a server session shows the same state a local pane does.
const PendingCallSchema = z.lazy(() =>
  z.looseObject({
    callId: nonEmpty(),
    tool: nonEmpty(),
    canonical: z.optional(z.string()),
    input: z.unknown(),
    openedAt: z.number(),
    deadlineAt: z.nullable(z.number()),
    always: z.optional(z.union([z.object({ allows: z.string() }), z.object({ refused: z.string() })])),
    alwaysPath: z.optional(z.object({ allows: z.string() })),
  }),
);

const AllowRuleSchema = z.lazy(() =>
  z.object({
    id: nonEmpty(),
    tool: nonEmpty(),
    match: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("command"), words: z.array(z.string()) }),
      z.object({ kind: z.literal("path"), path: z.string(), under: z.boolean() }),
      z.object({ kind: z.literal("tool") }),
    ]),
    allows: z.string(),
  }),
);

export const ControlSnapshotSchema = z.lazy(() =>
  z.object({
    frame: z.nullable(z.string()),
    posture: z.nullable(z.string()),
    pending: z.array(PendingCallSchema),
    census: z.record(z.string(), z.number()),
    rules: z.optional(z.array(AllowRuleSchema)),
  }),
);

/** Same keys both ways, and the parsed value is the core type: a field on one side only fails here. */
type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: 0 };
type SameKeys<A, B> = [KnownKeys<A>] extends [KnownKeys<B>]
  ? [KnownKeys<B>] extends [KnownKeys<A>]
    ? true
    : false
  : false;
type Parsed<S extends z.ZodMiniType> = z.infer<S>;
export const CONTROL_AGREES: readonly [
  SameKeys<Parsed<typeof PendingCallSchema>, PendingCall>,
  SameKeys<Parsed<typeof AllowRuleSchema>, AllowRule>,
  SameKeys<Parsed<typeof ControlSnapshotSchema>, ControlSnapshot>,
  Parsed<typeof ControlSnapshotSchema> extends ControlSnapshot ? true : false,
] = [true, true, true, true];
