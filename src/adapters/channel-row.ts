/**
 * The shape a harness's capability row must have when it is registered: an adapter from
 * outside this folder (a test, a plugin) must not put a row with a missing facet, a command
 * without evidence or a malformed id into the capability table every session reads.
 */
import * as z from "zod/mini";
import "../core/schema-locale.js";
import { FACET_NAMES } from "../core/control/capabilities.js";
import { COMMAND_NAMES } from "../core/control/machine-types.js";

const word = () => z.string().check(z.minLength(1));

const evidenceSchema = z.object({
  source: z.enum(["probe", "doc", "recorded-stream", "help-text", "research"]),
  date: word(),
  version: word(),
  ref: word(),
});

const facetSchema = z.object({
  value: z.boolean(),
  basis: z.enum(["probe", "doc", "research", "assumed"]),
  evidence: evidenceSchema,
  note: z.optional(z.string()),
});

const deliverySchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("delivered"), via: word(), evidence: evidenceSchema }),
  z.object({ status: z.literal("unverified"), via: word(), why: word(), evidence: evidenceSchema }),
  z.object({ status: z.literal("absent"), why: word(), evidence: evidenceSchema }),
]);

const everyKey = <T extends z.ZodMiniType>(keys: readonly string[], value: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, value])) as Record<string, T>);

/** A channel id names its harness first (claude-control): lowercase words joined by '-'. */
export const channelIdSchema = z
  .string()
  .check(z.regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, { error: "a channel id is lowercase words joined by '-'" }));

export const channelRowSchema = z.object({
  id: channelIdSchema,
  harness: z.string(),
  mode: word(),
  facets: everyKey(FACET_NAMES, facetSchema),
  commands: everyKey(COMMAND_NAMES, deliverySchema),
  coverage: z.object({
    value: z.enum(["every-call", "harness-asks-only", "none"]),
    evidence: evidenceSchema,
    note: z.string(),
  }),
  postures: z.array(z.string()),
  defaultPosture: z.nullable(z.string()),
  shadowingPostures: z.array(z.string()),
  shadowingAdvice: z.optional(z.string()),
  harnessTimeoutMs: z.nullable(z.int().check(z.positive())),
});
