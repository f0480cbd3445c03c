/**
 * The harness version hmux is verified against live. Each harness folder holds its own
 * (`<harness>/pinned.ts`); package.json pins the same npm versions as devDependencies (a unit
 * test keeps the two in step), and descriptors, `hmux harnesses`, `hmux check` and `npm run capture`
 * read them through the registry.
 */
import * as z from "zod/mini";
import "../core/schema-locale.js";

export const pinnedVersionSchema = z.object({
  version: z.string().check(z.minLength(1)),
  /** How the pinned version was established. */
  basis: z.enum(["npm-devDependency", "recorded-streams", "vendor-docs"]),
  note: z.string(),
  /** The day the facts were last checked on this version: no fact naming it may be dated earlier. */
  probedOn: z.optional(z.string()),
});
export type PinnedVersion = Readonly<z.infer<typeof pinnedVersionSchema>>;
