/**
 * The `server` config key (user config): what the hmux server does on its own. Validation
 * only; the server decides what each value does.
 */
import * as z from "zod/mini";
import "../schema-locale.js";

export const serverSchema = z.strictObject({
  /**
   * A server starting after one that died resumes each of that server's sessions by itself
   * (default false: they are listed detached until `hmux resume` or the TUI's resume key).
   */
  autoResume: z.optional(z.boolean()),
});

export type ServerConfig = z.infer<typeof serverSchema>;
