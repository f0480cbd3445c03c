/**
 * The `plan` op's reply: the server's dry run of a create (a TUI's dialog asks it before Enter
 * starts anything). Either the session as it would start (its harness, its folder, its resolved
 * settings with the tier of each, what the launch would say), or every refusal with its kind,
 * hint and alternatives. A refusal is an answer here, not an error reply.
 */
import * as z from "zod/mini";
import type { Frozen } from "./frozen.js";
import { SettingSummarySchema } from "./session-row.js";

export const PlanRefusalSchema = z.lazy(() =>
  z.object({
    message: z.string(),
    hint: z.optional(z.string()),
    /** The pipeline's kind of refusal (unknown-harness, invalid-option-value, …), when it named one. */
    issue: z.optional(z.string()),
    supported: z.optional(z.array(z.string())),
  }),
);
export type PlanRefusalSummary = Frozen<z.infer<typeof PlanRefusalSchema>>;

/**
 * One setting of the planned harness's own (its module's option spec, from the server's registry):
 * what a dialog draws a field for. The server decides which exist and checks what comes back.
 */
export const HarnessFieldSchema = z.lazy(() =>
  z.object({
    /** The key under CreateOptions.harnessOptions[harness]. */
    key: z.string(),
    /** Its command-line spelling (`--codex-sandbox`). */
    flag: z.string(),
    describe: z.string(),
    /** What it accepts, in words. */
    allowed: z.string(),
    /** How a field's text becomes the value sent: as typed, a whole number, or true/false. */
    kind: z.enum(["string", "integer", "boolean"]),
    /** The values it takes, narrowest first, when it is a closed set of words (codex's sandbox). */
    choices: z.optional(z.array(z.string())),
  }),
);
export type HarnessFieldSummary = Frozen<z.infer<typeof HarnessFieldSchema>>;

export const PlanSummarySchema = z.lazy(() =>
  z.discriminatedUnion("ok", [
    z.object({
      ok: z.literal(true),
      harness: z.string(),
      cwd: z.string(),
      settings: z.array(SettingSummarySchema),
      notes: z.array(z.string()),
      fields: z.optional(z.array(HarnessFieldSchema)),
    }),
    z.object({
      ok: z.literal(false),
      refusals: z.array(PlanRefusalSchema).check(z.minLength(1)),
      /** The named harness's own settings when it exists, so a refused dialog still draws them. */
      fields: z.optional(z.array(HarnessFieldSchema)),
    }),
  ]),
);
export type PlanSummary = Frozen<z.infer<typeof PlanSummarySchema>>;

export const PlanReplySchema = z.lazy(() => z.object({ plan: PlanSummarySchema }));
