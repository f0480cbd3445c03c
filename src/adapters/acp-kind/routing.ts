/** The schema of an ACP agent's endpoint routing data: its AcpEndpointSetup, checked when it is registered. */
import * as z from "zod/mini";

const name = z.string().check(z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/));
const configFile = z.strictObject({ path: z.string().check(z.minLength(1)), template: z.string() });

export const acpRoutingSchema = z.strictObject({
  baseUrlEnv: z.optional(name),
  apiKeyEnv: z.optional(name),
  modelEnv: z.optional(name),
  env: z.optional(z.record(name, z.string())),
  configFile: z.optional(configFile),
  configFiles: z.optional(z.array(configFile)),
  defaultModel: z.optional(z.string().check(z.minLength(1))),
});
