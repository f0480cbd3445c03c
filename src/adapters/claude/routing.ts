/** claude's endpoint routing data: the variable its base URL goes in (docs/harness-facts.md#claude-endpoint). */
import * as z from "zod/mini";

export const claudeRoutingSchema = z.object({ baseUrlEnv: z.string().check(z.minLength(1)) });
export type ClaudeRouting = z.infer<typeof claudeRoutingSchema>;
