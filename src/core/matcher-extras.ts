/**
 * Matcher extras read from JSON (a harness module's or a config's wording for limits, auth walls and
 * the rest), checked against their schema. Apart from the matchers themselves (classify.ts), which
 * every decode uses, so a decode builds no schema it does not read.
 */
import * as z from "zod/mini";
import type { MatcherSet } from "./classify.js";
import { LIMIT_CODES } from "./events.js";
import { HmuxError } from "./hmux-error.js";
import "./schema-locale.js";

const patternSpecShape = {
  pattern: z.string().check(z.minLength(1)),
  flags: z.optional(z.string().check(z.regex(/^[imsu]*$/))),
};
const PatternSpecSchema = z.strictObject(patternSpecShape);
const MatcherSetSchema = z.strictObject({
  limit: z.optional(z.array(z.strictObject({ ...patternSpecShape, code: z.enum(LIMIT_CODES) }))),
  auth: z.optional(
    z.array(
      z.strictObject({
        ...patternSpecShape,
        kind: z.enum(["not-logged-in", "expired", "invalid-key", "forbidden"]),
        hint: z.optional(z.string().check(z.minLength(1))),
      }),
    ),
  ),
  stall: z.optional(z.array(PatternSpecSchema)),
  transport: z.optional(z.array(PatternSpecSchema)),
  unavailable: z.optional(z.array(PatternSpecSchema)),
  server: z.optional(z.array(PatternSpecSchema)),
});

/** Validates matcher extras read from JSON; a pattern that does not compile is refused, named by where. */
export function parseMatcherExtras(value: unknown, where: string): Partial<MatcherSet> {
  const parsed = MatcherSetSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new HmuxError(
      "invalid-config",
      `${where}: invalid matchers at ${issue?.path.join(".") ?? "?"}: ${issue?.message ?? "invalid"}`,
    );
  }
  for (const [group, specs] of Object.entries(parsed.data)) {
    for (const [i, spec] of (specs ?? []).entries()) {
      try {
        new RegExp(spec.pattern, spec.flags ?? "i");
      } catch (err) {
        throw new HmuxError(
          "invalid-config",
          `${where}: ${group}[${i}] pattern does not compile: ${(err as Error).message}`,
        );
      }
    }
  }
  return parsed.data;
}
