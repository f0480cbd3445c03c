/**
 * The harness version hmux is verified against live. Each harness folder holds its own
 * (`<harness>/pinned.ts`); package.json pins the same npm versions as devDependencies (a unit
 * test keeps the two in step), and descriptors, `hmux harnesses`, `hmux check` and `npm run capture`
 * read them through the registry.
 */
import { z } from "zod";

export const pinnedVersionSchema = z.object({
  version: z.string().min(1),
  /** How the pinned version was established. */
  basis: z.enum(["npm-devDependency", "recorded-streams", "vendor-docs"]),
  note: z.string(),
  /** The day the facts were last checked on this version: no fact naming it may be dated earlier. */
  probedOn: z.string().optional(),
});
export type PinnedVersion = Readonly<z.infer<typeof pinnedVersionSchema>>;
