/**
 * The `harnesses` config key: harnesses beyond the built-in ones, each under the name it is
 * registered by. An entry is one kind of source: today a plugin module (a JS or TypeScript ES
 * module whose default export builds the harness, docs/harness-plugins.md). The object shape leaves
 * room for another kind (an agent defined by its command line) as a second key beside `module`.
 * Loading runs the module's code, so a project config's entries apply only when the project is
 * trusted (src/core/options/project-trust.ts).
 */
import { z } from "zod";
import { HARNESS_NAME_PATTERN, HARNESS_NAME_RULE } from "../harness-names.js";

export const harnessEntrySchema = z.strictObject({
  /** The plugin module's path; a relative one is read from the directory holding the config file. */
  module: z.string().trim().min(1, { error: "must not be empty" }),
});

export const harnessesSchema = z.record(
  z.string().regex(HARNESS_NAME_PATTERN, { error: HARNESS_NAME_RULE }),
  harnessEntrySchema,
);

export type HarnessEntry = z.infer<typeof harnessEntrySchema>;
export type HarnessesConfig = z.infer<typeof harnessesSchema>;
