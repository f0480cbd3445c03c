/**
 * The `harnesses` config key: harnesses beyond the built-in ones, each under the name it is
 * registered by. An entry is one kind of source: a plugin module (a JS or TypeScript ES module
 * whose default export builds the harness, docs/harness-plugins.md), or an ACP agent defined by
 * its command line (`acp`, docs/acp.md). Both run a program of the config's choosing, so a
 * project config's entries apply only when the project is trusted (src/core/options/project-trust.ts).
 */
import * as z from "zod/mini";
import "../schema-locale.js";
import { HANDSHAKE_MAX_SECONDS } from "../exec/handshake-budget.js";
import { HARNESS_NAME_PATTERN, HARNESS_NAME_RULE } from "../harness-names.js";

const envName = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "an environment variable name" }));
const nonEmptyChecks = () => [z.trim(), z.minLength(1, { error: "must not be empty" })] as const;
const nonEmpty = () => z.string().check(...nonEmptyChecks());

export const moduleEntrySchema = z.strictObject({
  /** The plugin module's path; a relative one is read from the directory holding the config file. */
  module: nonEmpty(),
});

/** How the agent is pointed at `--endpoint`: the variables it reads, and/or a file it reads. */
export const acpEndpointSchema = z.strictObject({
  baseUrlEnv: z.optional(envName),
  apiKeyEnv: z.optional(envName),
  modelEnv: z.optional(envName),
  env: z.optional(z.record(envName, z.string())),
  configFile: z.optional(
    z.strictObject({
      /** Relative to the isolated HOME, inside it. */
      path: z.string().check(
        ...nonEmptyChecks(),
        z.refine((p) => !p.startsWith("/") && !p.split("/").includes(".."), {
          error: "a path inside the isolated HOME: relative, without '..'",
        }),
      ),
      template: z.string(),
    }),
  ),
  defaultModel: z.optional(nonEmpty()),
});

export const acpEntrySchema = z.strictObject({
  /** The program, then its arguments; a program naming a relative path is read from the config file's directory. */
  command: z.array(nonEmpty()).check(z.minLength(1, { error: "names the program that speaks ACP on stdio" })),
  env: z.optional(z.record(envName, z.string())),
  endpoint: z.optional(acpEndpointSchema),
  /** The agent's own vendor keys: withheld from it when --endpoint names another server. */
  credentialEnv: z.optional(z.array(envName)),
  /** How long the agent has to finish initialize and its session (src/core/exec/handshake-budget.ts). */
  handshakeSeconds: z.optional(z.number().check(z.int(), z.gte(1), z.lte(HANDSHAKE_MAX_SECONDS))),
});

export const harnessEntrySchema = z.union([moduleEntrySchema, z.strictObject({ acp: acpEntrySchema })], {
  error: 'a harness entry is {"module": "<path>"} or {"acp": {"command": [...]}}',
});

export const harnessesSchema = z.record(
  z.string().check(z.regex(HARNESS_NAME_PATTERN, { error: HARNESS_NAME_RULE })),
  harnessEntrySchema,
);

export type HarnessEntry = z.infer<typeof harnessEntrySchema>;
export type AcpEntry = z.infer<typeof acpEntrySchema>;
export type HarnessesConfig = z.infer<typeof harnessesSchema>;
