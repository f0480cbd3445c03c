/** codex's endpoint routing data: the model provider hmux defines with -c, and the model it asks for by default. */
import * as z from "zod/mini";

export const codexRoutingSchema = z.object({
  provider: z.string().check(z.minLength(1)),
  defaultModel: z.string().check(z.minLength(1)),
});
export type CodexRouting = z.infer<typeof codexRoutingSchema>;
