/** A refusal as the wire carries it: a code, a sentence naming what was wrong, and (when there is one) the fix. */
import * as z from "zod/mini";
import { SERVER_ERROR_CODES } from "./error-codes.js";

export const ErrorBodySchema = z.lazy(() =>
  z.object({
    code: z.enum(SERVER_ERROR_CODES),
    message: z.string(),
    hint: z.optional(z.string()),
    /** `launch-refused`: the launch pipeline's own failure summary (issue, option, supported …). */
    failure: z.optional(z.unknown()),
  }),
);
export type ServerErrorBody = z.infer<typeof ErrorBodySchema>;
