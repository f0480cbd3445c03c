/** pi's endpoint routing data: the models.json provider hmux writes, its wire API and default model (docs/harness-facts.md#pi-endpoint). */
import * as z from "zod/mini";

export const piRoutingSchema = z.object({
  provider: z.string().check(z.minLength(1)),
  api: z.enum(["openai-completions", "openai-responses", "anthropic-messages"]),
  defaultModel: z.string().check(z.minLength(1)),
});
export type PiRouting = z.infer<typeof piRoutingSchema>;
