/**
 * The shape a harness's capability row must have when it is registered: an adapter from
 * outside this folder (a test, a plugin) must not put a row with a missing facet, a command
 * without evidence or a malformed id into the capability table every session reads.
 */
import { z } from "zod";
import { FACET_NAMES } from "../core/control/capabilities.js";
import { COMMAND_NAMES } from "../core/control/machine-types.js";

const evidenceSchema = z.object({
  source: z.enum(["probe", "doc", "recorded-stream", "help-text", "research"]),
  date: z.string().min(1),
  version: z.string().min(1),
  ref: z.string().min(1),
});

const facetSchema = z.object({
  value: z.boolean(),
  basis: z.enum(["probe", "doc", "research", "assumed"]),
  evidence: evidenceSchema,
  note: z.string().optional(),
});

const deliverySchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("delivered"), via: z.string().min(1), evidence: evidenceSchema }),
  z.object({
    status: z.literal("unverified"),
    via: z.string().min(1),
    why: z.string().min(1),
    evidence: evidenceSchema,
  }),
  z.object({ status: z.literal("absent"), why: z.string().min(1), evidence: evidenceSchema }),
]);

const everyKey = <T extends z.ZodType>(keys: readonly string[], value: T) =>
  z.object(Object.fromEntries(keys.map((k) => [k, value])) as Record<string, T>);

/** A channel id names its harness first (claude-control): lowercase words joined by '-'. */
export const channelIdSchema = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/, {
  error: "a channel id is lowercase words joined by '-'",
});

export const channelRowSchema = z.object({
  id: channelIdSchema,
  harness: z.string(),
  mode: z.string().min(1),
  facets: everyKey(FACET_NAMES, facetSchema),
  commands: everyKey(COMMAND_NAMES, deliverySchema),
  coverage: z.object({
    value: z.enum(["every-call", "harness-asks-only", "none"]),
    evidence: evidenceSchema,
    note: z.string(),
  }),
  postures: z.array(z.string()),
  defaultPosture: z.string().nullable(),
  shadowingPostures: z.array(z.string()),
  shadowingAdvice: z.string().optional(),
  harnessTimeoutMs: z.number().int().positive().nullable(),
});
